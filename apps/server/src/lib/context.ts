import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/index.js';
import type { Transact } from '../db/group-commit.js';
import type { Mailer } from '../modules/mail/mailer.js';
import type { SecretBox } from '../modules/payments/secrets.js';
import type { StripeGateway } from '../modules/payments/stripe.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ListCache } from '../modules/storefront/list-cache.js';
import type { TtlCache } from './ttl-cache.js';
import type { FileStorage } from '../modules/storage/storage.js';
import type { EventBus } from '../modules/realtime/bus.js';
import type { PresenceTracker } from '../modules/realtime/presence.js';
import type { SessionGate } from '../modules/auth/session-gate.js';

/** Everything a module needs, built once in app.ts and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** A transaction for the hot write paths (the checkout): on SQLite concurrent ones share a commit (db/group-commit.ts). */
  transact: Transact;
  mailer: Mailer;
  limiter: RateLimiter;
  redis: Redis | null;
  jwtSecret: string;
  log: FastifyBaseLogger;
  /** Uploaded files: local disk or S3-compatible storage (modules/storage). */
  storage: FileStorage;
  /** Real-time events: Redis pub/sub across instances, else in-process. */
  bus: EventBus;
  presence: PresenceTracker;
  /** Whether the session behind an access token is still alive (revocation reaches tokens in seconds). */
  sessions: SessionGate;
  /** Storefront API answers (JSON text) and rendered pages (bytes), keyed by store slug first (lib/ttl-cache.ts). */
  publicCache: TtlCache<string | Buffer>;
  /** What storefront lists keep per store until it changes: cards, filter totals, deep-page checkpoints (modules/storefront/list-cache.ts). */
  publicLists: ListCache;
  /** What a checkout reads of a store's settings (payments, shipping, VAT), kept until the store changes (modules/orders/checkout/settings.ts). */
  storeSettings: ListCache;
  /** A store's data changed: drops its cached answers, pages, lists and settings on every instance (modules/storefront/cache.ts). */
  storeChanged(slug: string): void;
  /** Only a store's stock or orders changed: drops its cached answers, pages and lists, keeps its settings. */
  stockChanged(slug: string): void;
  /** Seals merchants' payment secrets with the server's payments key (modules/payments/secrets.ts). */
  secrets: SecretBox;
  /** Stripe Checkout and webhook verification through the official SDK (modules/payments/stripe.ts). */
  stripe: StripeGateway;
  /** The origin links in mails point to: PUBLIC_URL, else this server's own address. */
  publicUrl(): string;
}
