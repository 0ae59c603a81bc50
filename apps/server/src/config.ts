import { z } from 'zod';
import path from 'node:path';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

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
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL deve iniziare con redis://').optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET deve avere almeno 32 caratteri').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL deve iniziare con smtp:// o smtps://').optional(),
  MAIL_FROM: z.string().default('Vetrina <no-reply@vetrina.local>'),
  REQUIRE_EMAIL_CONFIRMATION: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  WEB_DIST: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  ORDER_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  ORDER_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: string;
  production: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
  redisUrl?: string;
  publicUrl?: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  requireEmailConfirmation: boolean;
  logLevel: string;
  trustProxy: boolean;
  webDist?: string;
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string };
  orderRateLimit: { max: number; windowMs: number };
}

/** Parses the environment once at boot and fails fast with every problem listed. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configurazione non valida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
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
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    requireEmailConfirmation: e.REQUIRE_EMAIL_CONFIRMATION,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST || undefined,
    s3,
    orderRateLimit: { max: e.ORDER_RATE_LIMIT, windowMs: e.ORDER_RATE_WINDOW_MINUTES * 60_000 },
  };
}
