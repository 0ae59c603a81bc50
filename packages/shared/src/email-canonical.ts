/** Gmail ignores dots in the local part and answers to both domains: one mailbox, many spellings. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The form in which e-mail addresses are compared for per-address limits (order quota, discount
 * uses, orders awaiting confirmation): lower case, trimmed, without a `+tag`, and for Gmail without
 * dots and on gmail.com. Only for comparing: mails go to the address as the shopper typed it.
 */
export function canonicalEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  // '+tag' alone is no mailbox: kept whole rather than made empty.
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '') || local;
  }
  return `${local}@${domain}`;
}
