import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpOptions {
  /** Listen on this port (a test restarting "the same" mail server); a random free one when absent. */
  port?: number;
}

/** An SMTP reply with a code, as smtp-server sends it back for a refused command. */
const reply = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** A real SMTP server on a random local port that keeps every message it receives. */
export async function startSmtp(opts: SmtpOptions = {}) {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  // Failure modes a test can switch on (an outage, an address that does not exist, a slow server).
  let refuseCode: number | null = null;
  let refusedCount = 0;
  let unknownRecipient: RegExp | null = null;
  let acceptDelayMs = 0;
  let dataStarted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refuseCode === null) return callback();
      refusedCount++;
      callback(reply(refuseCode, 'Servizio temporaneamente non disponibile'));
    },
    onRcptTo(address, _session, callback) {
      if (unknownRecipient?.test(address.address)) return callback(reply(550, `5.1.1 <${address.address}>: casella inesistente`));
      callback();
    },
    onData(stream, _session, done) {
      dataStarted++;
      simpleParser(stream)
        .then(async (m) => {
          if (acceptDelayMs) await new Promise((r) => setTimeout(r, acceptDelayMs));
          const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
          mails.push({ to, subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '' });
          waiters.splice(0).forEach((w) => w());
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    /** Refuses every mail with this reply code (4xx: try later, 5xx: refused) until called with null. */
    refuseWith(code: number | null) {
      refuseCode = code;
    },
    /** How many mails were refused so far. */
    get refused() {
      return refusedCount;
    },
    /** Answers 550 (no such mailbox) to recipients matching the pattern. */
    rejectRecipients(pattern: RegExp | null) {
      unknownRecipient = pattern;
    },
    /** How many messages started arriving (accepted or still being received). */
    get receiving() {
      return dataStarted;
    },
    /** Holds every message this long before accepting it (a slow server). */
    delayAccept(ms: number) {
      acceptDelayMs = ms;
    },
    /** Waits for a mail to `to` matching the subject, failing after a few seconds. */
    async waitFor(to: string, subject?: RegExp, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...mails].reverse().find((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${String(subject)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const linkIn = (mail: CapturedMail, path: string): string => {
  const m = mail.text.match(new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_%-]+`));
  if (!m) throw new Error(`no ${path} link in mail: ${mail.text}`);
  return m[0];
};
