import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.js';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Development only: the mails the outbox transport kept, newest first. */
export function registerDevOutbox(app: FastifyInstance, db: Db) {
  app.get('/dev/mail', { config: { auth: 'public' } }, async (_req, reply) => {
    const mails = await db.selectFrom('outbox_mails').selectAll().orderBy('created_at', 'desc').limit(100).execute();
    const items = mails
      .map((m) => {
        const linked = escape(m.text).replace(/(https?:\/\/[^\s]+)/g, '<a href="$1">$1</a>');
        return `<article><h2>${escape(m.subject)}</h2><p><b>A:</b> ${escape(m.to_address)} · ${escape(m.created_at)}</p><pre>${linked}</pre></article>`;
      })
      .join('');
    reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Posta di sviluppo</title>
<style>body{font-family:system-ui;max-width:760px;margin:24px auto;padding:0 16px}article{border:1px solid #e5e7eb;border-radius:8px;padding:12px;margin:12px 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Posta di sviluppo</h1><p>Le email inviate senza SMTP_URL. Solo fuori produzione.</p>${items || '<p>Nessuna email.</p>'}</body></html>`);
  });
}
