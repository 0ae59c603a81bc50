import { escapeHtml } from '@vetrina/shared/escape';
import type { Mail } from './mailer.js';

/** Who a mail speaks for: Vetrina itself, or a store (its name, logo and main colour). */
export interface MailBrand {
  name: string;
  /** Absolute URL of the logo, or null. */
  logoUrl: string | null;
  /** #RRGGBB */
  color: string;
}

const VETRINA: MailBrand = { name: 'Vetrina', logoUrl: null, color: '#8B5CF6' };
const safeColor = (c: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : VETRINA.color);

/**
 * One layout for every transactional mail: a brand header, a title, a few lines, optional
 * label/value rows (order totals, bank details) and at most one button; HTML and plain text.
 */
export function layoutMail(opts: {
  to: string;
  subject: string;
  lines: string[];
  rows?: [string, string][];
  after?: string[];
  action?: { label: string; url: string };
  /** A small link under everything (the order mails' 'Recedi dal contratto'). */
  footerLink?: { label: string; url: string };
  brand?: MailBrand;
}): Mail {
  const brand = opts.brand ?? VETRINA;
  const color = safeColor(brand.color);
  const rows = opts.rows ?? [];
  const after = opts.after ?? [];
  const text = [
    ...opts.lines,
    ...(rows.length ? ['', ...rows.map(([k, v]) => `${k}: ${v}`)] : []),
    ...(after.length ? ['', ...after] : []),
    ...(opts.action ? ['', `${opts.action.label}: ${opts.action.url}`] : []),
    ...(opts.footerLink ? ['', `${opts.footerLink.label}: ${opts.footerLink.url}`] : []),
    '',
    `— ${brand.name}`,
  ].join('\n');
  const p = (l: string) => `<p style="font-size:14px;line-height:1.6;margin:0 0 12px">${escapeHtml(l)}</p>`;
  const header = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="40" style="height:40px;max-width:200px;vertical-align:middle"> <span style="font-size:18px;font-weight:700;vertical-align:middle">${escapeHtml(brand.name)}</span>`
    : `<span style="font-size:20px;font-weight:700;color:${color}">${escapeHtml(brand.name)}</span>`;
  const table = rows.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px;font-size:14px">${rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:6px 0;color:#6B7280;border-bottom:1px solid #E5E7EB">${escapeHtml(k)}</td><td style="padding:6px 0;text-align:right;font-weight:600;border-bottom:1px solid #E5E7EB">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button = opts.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;background:${color};color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p><p style="font-size:12px;color:#6B7280">Se il pulsante non funziona copia questo indirizzo nel browser: ${escapeHtml(opts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="it"><body style="font-family:system-ui,sans-serif;color:#111827;max-width:560px;margin:0 auto;padding:24px">
<div style="border-top:4px solid ${color};padding-top:16px;margin-bottom:16px">${header}</div>
<h2 style="font-size:18px">${escapeHtml(opts.subject)}</h2>
${opts.lines.map(p).join('\n')}
${table}
${after.map(p).join('\n')}
${button}
${opts.footerLink ? `<p style="font-size:12px;color:#6B7280;margin-top:24px"><a href="${escapeHtml(opts.footerLink.url)}" style="color:#6B7280">${escapeHtml(opts.footerLink.label)}</a></p>` : ''}
</body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}

/** The order mails' 'Recedi dal contratto': the withdrawal form, with the order already named. */
export const withdrawalMailLink = (publicUrl: string, slug: string, token: string | null) =>
  token ? { label: 'Recedi dal contratto', url: `${publicUrl}/store/${encodeURIComponent(slug)}/recesso?ordine=${token}` } : undefined;

export const authMails = {
  confirmSignup: (to: string, url: string) =>
    layoutMail({
      to,
      subject: 'Conferma il tuo account Vetrina',
      lines: ['Grazie per esserti registrato su Vetrina.', 'Conferma il tuo indirizzo email per attivare l’account. Il link vale 24 ore.'],
      action: { label: 'Conferma email', url },
    }),
  emailChange: (to: string, url: string) =>
    layoutMail({
      to,
      subject: 'Conferma la tua nuova email',
      lines: [
        'Hai chiesto di usare questo indirizzo per il tuo account Vetrina.',
        'La modifica diventa effettiva solo quando apri il link qui sotto. Il link vale 24 ore.',
        'Se non sei stato tu, ignora questa email: non cambierà nulla.',
      ],
      action: { label: 'Conferma nuova email', url },
    }),
  verifyEmail: (to: string, url: string) =>
    layoutMail({
      to,
      subject: 'Conferma il tuo indirizzo email',
      lines: [
        'Per accettare gli inviti nel team di uno store dobbiamo sapere che questa casella è tua.',
        'Apri il link qui sotto: vale 24 ore e si può usare una sola volta.',
        'Se non hai chiesto tu questa conferma, ignora questa email.',
      ],
      action: { label: 'Conferma email', url },
    }),
  emailChangeRequested: (to: string, newEmail: string, forgotPasswordUrl: string) =>
    layoutMail({
      to,
      subject: 'Richiesta di cambio email del tuo account',
      lines: [
        `È stato chiesto di spostare il tuo account Vetrina sull’indirizzo ${newEmail}.`,
        'Il cambio avverrà solo quando qualcuno aprirà il link di conferma inviato a quell’indirizzo; da quel momento gli altri dispositivi verranno disconnessi.',
        'Se non sei stato tu, qualcuno conosce la tua password: reimpostala subito dal link qui sotto.',
      ],
      action: { label: 'Reimposta password', url: forgotPasswordUrl },
    }),
  passwordReset: (to: string, url: string) =>
    layoutMail({
      to,
      subject: 'Reimposta la tua password',
      lines: [
        'Abbiamo ricevuto una richiesta di reimpostare la password del tuo account Vetrina.',
        'Apri il link per scegliere una nuova password. Il link vale 1 ora e si può usare una sola volta.',
        'Se non sei stato tu, ignora questa email: la password attuale resta valida.',
      ],
      action: { label: 'Reimposta password', url },
    }),
};

const ROLE_NAMES = { admin: 'amministratore', staff: 'staff' } as const;

export const teamMails = {
  invitation: (o: { to: string; storeName: string; inviterEmail: string | null; role: 'admin' | 'staff'; url: string }) =>
    layoutMail({
      to: o.to,
      subject: `Invito a far parte del team di ${o.storeName}`,
      lines: [
        `${o.inviterEmail ?? 'Un amministratore'} ti ha invitato a far parte del team dello store «${o.storeName}» su Vetrina, con il ruolo ${ROLE_NAMES[o.role]}.`,
        `Apri il link per accettare. Se non hai ancora un account, registrati con questo indirizzo email (${o.to}): l’invito vale 7 giorni e si può usare una sola volta.`,
        'Se non ti aspettavi questo invito, ignora questa email.',
      ],
      action: { label: 'Accetta invito', url: o.url },
    }),
};
