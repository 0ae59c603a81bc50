import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { MAIL_HTTP_PORT, SMTP_PORT } from './ports.js';

/** A real SMTP server for the e2e run; tests read what it caught over HTTP. */
interface Caught {
  to: string;
  subject: string;
  text: string;
  at: number;
}
const mails: Caught[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _s, done) {
    simpleParser(stream)
      .then((m) => {
        const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
        mails.push({ to, subject: m.subject ?? '', text: m.text ?? '', at: Date.now() });
        done();
      })
      .catch(done);
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/health') return res.end('ok');
    if (url.pathname === '/mails') {
      const to = url.searchParams.get('to');
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
    }
    res.statusCode = 404;
    res.end();
  })
  .listen(MAIL_HTTP_PORT, '127.0.0.1');
