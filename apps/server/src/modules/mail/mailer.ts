import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { clock } from '../../lib/clock.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(url);
  return {
    transport: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transporter.close(),
  };
}

/**
 * Development transport (never in production: the server refuses to start there without SMTP_URL):
 * keeps every mail in the database for /dev/mail. The log line names the mail, never its link,
 * because a link in a log is a credential anyone with log access can use.
 */
export function outboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    transport: 'outbox',
    async send(mail) {
      await db
        .insertInto('outbox_mails')
        .values({ id: newId(), to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, created_at: clock.iso() })
        .execute();
      log.info({ subject: mail.subject }, 'mail in outbox (no SMTP_URL set): open /dev/mail on this computer');
    },
    close: () => undefined,
  };
}
