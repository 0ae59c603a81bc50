import type { Mail } from './mailer.js';

/** Text placed into HTML (mail bodies, the development outbox page). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One plain layout for every transactional mail: a title, a few lines and at most one button. */
export function layoutMail(opts: { to: string; subject: string; lines: string[]; action?: { label: string; url: string } }): Mail {
  const text = [...opts.lines, ...(opts.action ? ['', `${opts.action.label}: ${opts.action.url}`] : []), '', '— Vetrina'].join('\n');
  const html = `<!doctype html><html lang="it"><body style="font-family:system-ui,sans-serif;color:#111827;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#8B5CF6">Vetrina</h1>
<h2 style="font-size:18px">${escapeHtml(opts.subject)}</h2>
${opts.lines.map((l) => `<p style="font-size:14px;line-height:1.6">${escapeHtml(l)}</p>`).join('\n')}
${opts.action ? `<p><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;background:#8B5CF6;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p><p style="font-size:12px;color:#6B7280">Se il pulsante non funziona copia questo indirizzo nel browser: ${escapeHtml(opts.action.url)}</p>` : ''}
</body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}

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
