import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { escapeHtml } from '@vetrina/shared/escape';
import { mailOutboxRepo } from './repo.js';

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOCAL_HOST_HEADER = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * The outbox holds every reset link and invitation token: only the developer's own machine may
 * read it. The socket's address (never X-Forwarded-For) must be loopback, nothing may have relayed
 * the request, and the Host header must be a local name, so a web page the developer visits cannot
 * read it through DNS rebinding either.
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  // A request relayed by a proxy on this machine also arrives from loopback: those are refused too.
  const relayed = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !relayed && LOOPBACK_ADDRESSES.has(req.socket.remoteAddress ?? '') && LOCAL_HOST_HEADER.test(req.headers.host ?? '');
}

/** Development only (never registered in production): the mails the outbox transport kept, newest first. */
export function registerDevOutbox(app: FastifyInstance, db: Db) {
  app.get('/dev/mail', { config: { auth: 'public' } }, async (req, reply) => {
    if (!isLocalRequest(req)) return reply.status(404).send({ error: { code: 'not_found', message: msg.notFound } });
    const mails = await mailOutboxRepo(db).latest(100);
    const items = mails
      .map((m) => {
        const linked = escapeHtml(m.text).replace(/(https?:\/\/[^\s]+)/g, '<a href="$1">$1</a>');
        return `<article><h2>${escapeHtml(m.subject)}</h2><p><b>A:</b> ${escapeHtml(m.to_address)} · ${escapeHtml(m.created_at)}</p><pre>${linked}</pre></article>`;
      })
      .join('');
    reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Posta di sviluppo</title>
<style>body{font-family:system-ui;max-width:760px;margin:24px auto;padding:0 16px}article{border:1px solid #e5e7eb;border-radius:8px;padding:12px;margin:12px 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Posta di sviluppo</h1><p>Le email inviate senza SMTP_URL. Solo fuori produzione e solo da questo computer.</p>${items || '<p>Nessuna email.</p>'}</body></html>`);
  });
}
