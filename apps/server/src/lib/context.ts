import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/index.js';
import type { Mailer } from '../modules/mail/mailer.js';
import type { RateLimiter } from './rate-limiter.js';

/** Everything a module needs, built once in app.ts and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  mailer: Mailer;
  limiter: RateLimiter;
  redis: Redis | null;
  jwtSecret: string;
  log: FastifyBaseLogger;
  /** The origin links in mails point to: PUBLIC_URL, else this server's own address. */
  publicUrl(): string;
}
