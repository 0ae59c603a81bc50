import type { Mail } from './mailer.js';
import { WORKER_DEFAULTS } from './queue-worker.js';

type Transporter = Awaited<ReturnType<typeof openTransporter>>;

async function openTransporter(url: string) {
  const { default: nodemailer } = await import('nodemailer');
  // A few reused connections (the worker sends that many mails at once); a mail server that stalls
  // must not hold a queue claim for long (queue-worker.ts SEND_BUDGET_MS).
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: WORKER_DEFAULTS.concurrency,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/** Hands one mail to the SMTP server of SMTP_URL; rejects with nodemailer's error when it refuses. */
export function smtpTransport(url: string, from: string) {
  let transporter: Promise<Transporter> | null = null;
  return {
    async deliver(mail: Mail): Promise<void> {
      transporter ??= openTransporter(url);
      await (await transporter).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async close(): Promise<void> {
      (await transporter?.catch(() => null))?.close();
    },
  };
}
