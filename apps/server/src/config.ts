import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { ORDER_CONFIRMATION } from '@vetrina/shared/orders';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Names proxy-addr understands for well-known private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [addr = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(addr);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For). Never "everyone": either the
 * number of proxy hops in front of the server, or the proxies' addresses / CIDR ranges.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = (raw ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          "'true' darebbe fiducia a qualunque X-Forwarded-For (ognuno sceglierebbe il proprio IP): indica il numero di proxy davanti al server (es. 1) oppure i loro indirizzi o reti CIDR separati da virgole (es. 10.0.0.0/8,127.0.0.1)",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'numero di proxy non plausibile (massimo 10)' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length || !entries.length) {
      ctx.addIssue({ code: 'custom', message: `indirizzi o reti CIDR non validi: ${bad.join(', ') || v}` });
      return z.NEVER;
    }
    return entries;
  });

/** A timeout in milliseconds: at least 100 ms, at most an hour. */
const timeoutMs = (name: string, fallback: number) =>
  z.coerce
    .number({ message: `${name} deve essere un numero di millisecondi` })
    .int(`${name} deve essere un numero intero di millisecondi`)
    .min(100, `${name} deve essere almeno 100 (millisecondi)`)
    .max(3_600_000, `${name} può essere al massimo 3600000 (un'ora)`)
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve iniziare con postgres://')
    .optional(),
  /** PostgreSQL schema to use (tests give each file its own). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  /**
   * PostgreSQL connections each instance keeps at most. Instances × this stays under the database's
   * `max_connections` (100 by default); on a database with few cores fewer connections serve more.
   */
  PG_POOL_SIZE: z.coerce
    .number({ message: 'PG_POOL_SIZE deve essere un numero di connessioni' })
    .int('PG_POOL_SIZE deve essere un numero intero')
    .min(1, 'PG_POOL_SIZE deve essere almeno 1')
    .max(500, 'PG_POOL_SIZE può essere al massimo 500')
    .default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL deve iniziare con redis://')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET deve avere almeno 32 caratteri').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL deve iniziare con smtp:// o smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Vetrina <no-reply@vetrina.local>'),
  /** Queued mails each instance sends per second at most (0 = no limit): a burst of orders is mailed at this pace after it. */
  MAIL_SEND_RATE: z.coerce
    .number({ message: 'MAIL_SEND_RATE deve essere un numero di email al secondo (0 = nessun limite)' })
    .int('MAIL_SEND_RATE deve essere un numero intero')
    .min(0, 'MAIL_SEND_RATE non può essere negativo')
    .max(10_000, 'MAIL_SEND_RATE può essere al massimo 10000')
    .default(50),
  REQUIRE_EMAIL_CONFIRMATION: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  WEB_DIST: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Orders created per client IP and store per window (0 = no limit); refused attempts do not count. */
  ORDER_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  /** Lifetime of the storefront's cached API answers and pages (ms); 0 turns the cache off. */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Lifetime of what storefront lists keep per store (cards, filter totals, deep-page checkpoints; ms), dropped at once by the store's changes; 0 turns it off. */
  PUBLIC_LIST_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  SQLITE_READ_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** Orders created per customer e-mail and store per window (0 = no limit). */
  ORDER_EMAIL_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  ORDER_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  UNCONFIRMED_ORDERS_PER_EMAIL: z.coerce.number().int().min(0).max(100).default(ORDER_CONFIRMATION.maxAwaitingPerEmail),
  /** Accounts created per client IP per hour (0 = no limit). */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  /** Key that encrypts merchants' payment secrets (32 bytes, base64 or hex); required with several instances. */
  PAYMENTS_KEY: z
    .string()
    .refine((v) => keyBytes(v) !== null, 'PAYMENTS_KEY deve essere di 32 byte in base64 (44 caratteri) o esadecimale (64 caratteri)')
    .optional(),
  /** Stripe's API address (tests point it at a local stand-in); Stripe's own when unset. */
  STRIPE_API_URL: z.string().url().optional(),
  /** A refund above this amount (cents) asks 'Conferma la tua identità' when the last proof is older than five minutes. */
  REAUTH_REFUND_THRESHOLD_CENTS: z.coerce.number().int().min(0).default(10_000),
  /** How often each instance looks for unpaid orders past their deadline (seconds). */
  PAYMENT_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Time a client has to send its request's headers (ms): a slowloris client is dropped past it. */
  HEADERS_TIMEOUT_MS: timeoutMs('HEADERS_TIMEOUT_MS', 10_000),
  /** Time a client has to send its whole request, body included (ms): a 20 MB upload at 0.6 Mbit/s fits in the default. */
  REQUEST_TIMEOUT_MS: timeoutMs('REQUEST_TIMEOUT_MS', 300_000),
  /** Silence on a connection (no byte either way) after which it is dropped (ms), unless its handler is at work. */
  IDLE_TIMEOUT_MS: timeoutMs('IDLE_TIMEOUT_MS', 30_000),
  /** How long an idle keep-alive connection stays open between requests (ms): above a load balancer's own idle timeout (60 s on most). */
  KEEP_ALIVE_TIMEOUT_MS: timeoutMs('KEEP_ALIVE_TIMEOUT_MS', 72_000),
  /** Time a handler has to answer once its request is received (ms), unless its route says otherwise: past it the client gets 503. */
  HANDLER_TIME_LIMIT_MS: timeoutMs('HANDLER_TIME_LIMIT_MS', 30_000),
  /** Passkeys: the relying party's id (a host name, e.g. negozi.example.it); PUBLIC_URL's host when unset. */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
      'WEBAUTHN_RP_ID deve essere un nome di dominio (es. negozi.example.it), senza schema né porta',
    )
    .optional(),
  /** Passkeys: the origins the browser may sign from, comma-separated; PUBLIC_URL's origin when unset. */
  WEBAUTHN_ORIGINS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const entries = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = entries.filter((e) => !isOrigin(e));
      if (bad.length || !entries.length) {
        ctx.addIssue({ code: 'custom', message: `origini non valide (es. https://negozi.example.it,http://localhost:5173): ${bad.join(', ') || raw}` });
        return z.NEVER;
      }
      return entries;
    }),
});

/** "https://host[:port]" and nothing more: what a browser writes in clientDataJSON.origin. */
function isOrigin(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v;
  } catch {
    return false;
  }
}

/** A passkey's origin must be the RP id's host or one of its subdomains. */
const originFitsRpId = (origin: string, rpId: string) => {
  const host = new URL(origin).hostname;
  return host === rpId || host.endsWith(`.${rpId}`);
};

/** A 32-byte key written as base64 or hex, or null. */
export function keyBytes(v: string): Buffer | null {
  const s = v.trim();
  const buf = /^[0-9a-fA-F]{64}$/.test(s) ? Buffer.from(s, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(s) ? Buffer.from(s, 'base64') : null;
  return buf && buf.length === 32 ? buf : null;
}

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: string;
  production: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
  /** PostgreSQL connections this instance keeps at most. */
  postgresPoolSize: number;
  redisUrl?: string;
  publicUrl?: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Queued mails sent per second at most by this instance (0 = no limit). */
  mailSendRate: number;
  requireEmailConfirmation: boolean;
  logLevel: string;
  /** false, a number of proxy hops, or the proxies' addresses / CIDR ranges (never 'everyone'). */
  trustProxy: false | number | string[];
  webDist?: string;
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string };
  orderRateLimit: { max: number; maxPerEmail: number; windowMs: number };
  /** Cash-on-delivery and pickup orders one address may leave 'Da confermare' per store (0: no cap). */
  unconfirmedOrdersPerEmail: number;
  publicCacheMs: number;
  publicListCacheMs: number;
  /** SQLite: worker threads that run list and search reads off the request thread (db/sqlite-workers.ts); 0 = none. */
  sqliteReadWorkers: number;
  /** Sign-ups per client IP per hour (0 = no limit). */
  signupRateLimit: number;
  paymentsKey?: string;
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  paymentExpiryIntervalMs: number;
  /** Refunds above this (cents) need a proof within five minutes (modules/auth/reauth). */
  reauthRefundThresholdCents: number;
  /** Server timeouts and the handlers' time limit (docs/decisions/0033-timeouts.md). */
  timeouts: { headersMs: number; requestMs: number; idleMs: number; keepAliveMs: number; handlerMs: number };
  /** Passkeys' relying party as configured; what is unset follows the public address (modules/auth/passkeys/relying-party.ts). */
  webauthn: { rpId?: string; origins?: string[] };
}

/** Parses the environment once at boot and fails fast with every problem listed. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable (SMTP_URL= in a .env file) means the same as an unset one.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configurazione non valida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (e.HEADERS_TIMEOUT_MS >= e.REQUEST_TIMEOUT_MS) {
    throw new Error(
      `Configurazione non valida:\n  HEADERS_TIMEOUT_MS: deve essere minore di REQUEST_TIMEOUT_MS (${e.HEADERS_TIMEOUT_MS} ≥ ${e.REQUEST_TIMEOUT_MS})`,
    );
  }
  if (e.NODE_ENV === 'production') {
    // Without a mail transport every reset link and invitation would sit in the database with no
    // way to reach its owner; the development outbox page never runs in production.
    const missing = [
      !e.SMTP_URL &&
        '  SMTP_URL: obbligatorio in produzione (smtp://utente:password@host:587 o smtps://…): senza, nessuna email di reimpostazione password, invito o ordine arriverebbe',
      !e.PUBLIC_URL && "  PUBLIC_URL: obbligatorio in produzione (es. https://negozi.example.it): è l'indirizzo dei link nelle email",
    ].filter(Boolean);
    if (missing.length) throw new Error(`Configurazione non valida:\n${missing.join('\n')}`);
  }
  const rpId = e.WEBAUTHN_RP_ID ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : undefined);
  const strayOrigins = rpId ? (e.WEBAUTHN_ORIGINS ?? []).filter((o) => !originFitsRpId(o, rpId)) : [];
  if (strayOrigins.length) {
    throw new Error(
      `Configurazione non valida:\n  WEBAUTHN_ORIGINS: ${strayOrigins.join(', ')} non appartiene a WEBAUTHN_RP_ID (${rpId}): il browser rifiuterebbe le passkey`,
    );
  }
  const s3 =
    e.S3_ENDPOINT && e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined;
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    postgresPoolSize: e.PG_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailSendRate: e.MAIL_SEND_RATE,
    requireEmailConfirmation: e.REQUIRE_EMAIL_CONFIRMATION,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST || undefined,
    s3,
    publicCacheMs: e.PUBLIC_CACHE_MS,
    publicListCacheMs: e.PUBLIC_LIST_CACHE_MS,
    sqliteReadWorkers: e.SQLITE_READ_WORKERS,
    orderRateLimit: { max: e.ORDER_RATE_LIMIT, maxPerEmail: e.ORDER_EMAIL_RATE_LIMIT, windowMs: e.ORDER_RATE_WINDOW_MINUTES * 60_000 },
    unconfirmedOrdersPerEmail: e.UNCONFIRMED_ORDERS_PER_EMAIL,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    paymentsKey: e.PAYMENTS_KEY,
    stripeApi: e.STRIPE_API_URL ? stripeApi(e.STRIPE_API_URL) : undefined,
    paymentExpiryIntervalMs: e.PAYMENT_EXPIRY_INTERVAL_SECONDS * 1000,
    reauthRefundThresholdCents: e.REAUTH_REFUND_THRESHOLD_CENTS,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      idleMs: e.IDLE_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      handlerMs: e.HANDLER_TIME_LIMIT_MS,
    },
    webauthn: { rpId: e.WEBAUTHN_RP_ID, origins: e.WEBAUTHN_ORIGINS },
  };
}

function stripeApi(raw: string): Config['stripeApi'] {
  const u = new URL(raw);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
}
