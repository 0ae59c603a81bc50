import type { TestServer } from './harness.js';

/**
 * The secret of an order's 'Conferma ordine' link, read from its confirmation mail in the SMTP
 * capture (the link is the order page's, `#conferma=` the mail's own secret).
 */
export async function mailedConfirmationCode(server: TestServer, orderToken: string, timeoutMs = 5000): Promise<string> {
  const pattern = new RegExp(`/ordine/${orderToken}#conferma=([A-Za-z0-9_-]{43})`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const m of server.smtp.mails) {
      const found = pattern.exec(m.html);
      if (found) return found[1]!;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail for order ${orderToken.slice(0, 6)}…`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
