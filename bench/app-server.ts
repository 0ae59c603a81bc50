import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server that accepts every message and keeps only a count: the server runs as in
 * production (NODE_ENV=production refuses to start without SMTP_URL), so order mails really go out
 * over SMTP during the checkout benchmark, and end here.
 */
export async function startMailCatcher() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('end', () => {
        received++;
        done();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The environment of the server under test: production mode, order limits lifted, mail to the catcher. */
export function benchServerEnv(opts: { port: number; dataDir: string; smtpUrl: string }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: opts.smtpUrl,
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    // Every benchmark order comes from one address and one e-mail.
    ORDER_RATE_LIMIT: '0',
    ORDER_EMAIL_RATE_LIMIT: '0',
    UNCONFIRMED_ORDERS_PER_EMAIL: '0',
  };
}

/** Waits until the URL answers 2xx (up to 30 s: a first start migrates an empty database). */
export async function waitFor(url: string) {
  for (let i = 0; i < 3000; i++) {
    try {
      const res = await fetch(url);
      // Read to the end: an unread answer would keep its connection busy, and the server's shutdown waiting.
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * How `npm start` runs the server after its build (the root package.json's `serve` script, one
 * home): its environment assignments and node's arguments, so the bench measures the same process.
 */
export function productionServer(root: string): { args: string[]; env: Record<string, string> } {
  const pkg = JSON.parse(fs.readFileSync(`${root}/package.json`, 'utf8')) as { scripts: { serve: string } };
  const words = pkg.scripts.serve.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_]+=/.test(words[0])) {
    const [key, ...value] = words.shift()!.split('=');
    env[key!] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error('the serve script must run node');
  return { args: words, env };
}
