/**
 * When a mail that could not be sent is tried again. The first retries come quickly (a mail server
 * restarting is back in seconds), then the wait doubles up to 10 minutes; after about a day of
 * failures the mail is given up.
 */
export const MAIL_RETRY = {
  firstDelayMs: 1000,
  maxDelayMs: 10 * 60_000,
  maxAttempts: 150,
} as const;

/** The wait before the next attempt of a mail that has failed `attempts` times (1, 2, …). */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30);
  return Math.min(MAIL_RETRY.firstDelayMs * 2 ** exponent, MAIL_RETRY.maxDelayMs);
}

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
  permanent?: unknown;
  name?: unknown;
}

/**
 * What went wrong, for the queue row and the log: the error code, the server's reply code and the
 * command it answered. Never the reply text, which can repeat the recipient's address.
 */
export function describeSendError(err: unknown): string {
  const e = (err ?? {}) as SmtpError;
  const parts = [typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'Error'];
  if (typeof e.responseCode === 'number') parts.push(String(e.responseCode));
  if (typeof e.command === 'string') parts.push(e.command);
  return parts.join(' ').slice(0, 120);
}

/**
 * True when trying again cannot help: the server refused the recipient's address for good (a 5xx
 * reply to RCPT TO). A 5xx to anything else (greeting, sender, authentication) is the server's or
 * our configuration's problem and is retried, as are all 4xx replies and network failures.
 */
export function isPermanentRefusal(err: unknown): boolean {
  const e = (err ?? {}) as SmtpError;
  return e.command === 'RCPT TO' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}
