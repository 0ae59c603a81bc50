import { randomBytes } from 'node:crypto';
import { dataDirSecret } from './lib/data-secret.js';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { LIMITS } from '@vetrina/shared';
import type { Config } from './config.js';
import { migrate, openDatabase } from './db/index.js';
import type { AppContext } from './lib/context.js';
import { schemaController, serializerCompiler, validatorCompiler } from './lib/route.js';
import { requestsInFlight } from './lib/in-flight.js';
import { memoryRateLimiter, redisRateLimiter } from './lib/rate-limiter.js';
import { registerErrorHandling } from './plugins/errors.js';
import { clientErrorHandler, registerTimeLimit } from './plugins/time-limit.js';
import { logRedaction } from './lib/log-redaction.js';
import { registerGuard } from './plugins/guard.js';
import { membershipOf } from './modules/tenancy/service.js';
import { assertFreshProof } from './modules/auth/reauth/service.js';
import { registerDocs } from './plugins/docs.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';
import { storefrontPages } from './modules/storefront/pages.js';
import { outboxMailer, smtpMailer } from './modules/mail/mailer.js';
import { loadPaymentsKey, secretBox } from './modules/payments/secrets.js';
import { stripeGateway } from './modules/payments/stripe.js';
import { backgroundJobs } from './modules/jobs/registry.js';
import { registerStatsRoutes } from './modules/stats/routes.js';
import { registerSetupRoutes } from './modules/setup/routes.js';
import { registerPaymentRoutes } from './modules/payments/routes.js';
import { registerLegalRoutes } from './modules/legal/routes.js';
import { registerInvoiceRoutes } from './modules/invoices/routes.js';
import { transactions } from './db/group-commit.js';
import { registerShippingRoutes } from './modules/shipping/routes.js';
import { registerReturnSettingsRoutes } from './modules/returns/settings/routes.js';
import { registerPublicDiscountRoutes } from './modules/discounts/public-routes.js';
import { registerWithdrawalRoutes } from './modules/returns/withdrawal/routes.js';
import { registerDiscountRoutes } from './modules/discounts/routes.js';
import { registerDevOutbox } from './modules/mail/dev-outbox-routes.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerUserRoutes } from './modules/users/routes.js';
import { registerStorefrontRoutes } from './modules/storefront/routes.js';
import { registerSeoRoutes } from './modules/seo/routes.js';
import { registerHealthRoutes } from './modules/health/routes.js';
import { registerOrderRoutes } from './modules/orders/routes.js';
import { paymentsForOrders } from './modules/payments/order-status/service.js';
import { invoicesForOrders } from './modules/invoices/service.js';
import { registerMessageRoutes } from './modules/messages/routes.js';
import { registerNotificationRoutes } from './modules/notifications/routes.js';
import { registerRealtime } from './modules/realtime/socket.js';
import { memoryBus, redisBus } from './modules/realtime/bus.js';
import { presenceTracker } from './modules/realtime/presence.js';
import { ttlCache } from './lib/ttl-cache.js';
import { listCache } from './modules/storefront/list-cache.js';
import { storefrontCacheInvalidation } from './modules/storefront/cache.js';
import { sessionGate } from './modules/auth/session-gate.js';
import websocket from '@fastify/websocket';
import { createStorage } from './modules/storage/storage.js';
import { registerFileRoutes } from './modules/storage/routes.js';
import { registerStoreRoutes } from './modules/stores/routes.js';
import { createStore, storesOf } from './modules/stores/service.js';
import { registerThemeRoutes } from './modules/themes/routes.js';
import { registerTeamRoutes } from './modules/team/routes.js';
import { registerCatalogRoutes } from './modules/catalog/routes.js';
import { registerCsvRoutes } from './modules/csv/routes.js';
import { searchColumns } from './modules/catalog/search-columns/service.js';
import { writeSortTitlesWith } from './modules/search/service.js';
import { registerCustomerRoutes } from './modules/customers/routes.js';
import { registerReturnRequestRoutes } from './modules/returns/requests/routes.js';
import { registerRefundRoutes } from './modules/returns/refunds/routes.js';
import { refundsForPayments } from './modules/returns/refunds/service.js';
import { registerAuditRoutes } from './modules/audit/routes.js';
import { devicesService } from './modules/auth/devices/service.js';

/** How long closing waits for requests still running after their connections ended. */
const SETTLE_MS = 10_000;

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** The JWT secret: JWT_SECRET when set (required with several instances), else one kept in DATA_DIR. */
function loadJwtSecret(config: Config): string {
  return config.jwtSecret ?? dataDirSecret(config.dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}

export interface BuildOptions {
  /** Where log lines go (tests read them); standard output when absent. */
  logStream?: NodeJS.WritableStream;
  /** Routes added after the app's own, before it starts (tests: a handler that never answers). */
  extraRoutes?: (app: FastifyInstance) => void;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const redaction = logRedaction();
  const { timeouts } = config;
  const app = Fastify({
    // A hop count trusts that many proxies nearest to the server (i counts hops from the socket).
    trustProxy: typeof config.trustProxy === 'number' ? (_addr: string, i: number) => i < (config.trustProxy as number) : config.trustProxy,
    logger: {
      level: config.logLevel,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // Query strings can carry one-time tokens (reset links): never log them.
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
      },
      // Paths carry secrets too (the order page's token): every line is cleaned as it is written.
      hooks: { streamWrite: redaction.redact },
    },
    // A slow or stalled client is dropped (docs/decisions/0033-timeouts.md): silence on the connection
    // (idle), the whole request (body included), its headers, and idle keep-alive connections.
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node checks the two limits above on this beat (30 s by default, which let a 10 s limit run to 40).
      connectionsCheckingInterval: Math.max(100, Math.min(2000, Math.floor(timeouts.headersMs / 5))),
    },
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Fastify's own JSON-schema compilers (Ajv, fast-json-stringify) are never loaded (lib/route.ts).
    schemaController,
    // Router-level failures (an over-long id in the path, a malformed URL) get the shared error shape too.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as FastifyReply).code(status).send({ error: { code: 'validation', message: 'Indirizzo della richiesta non valido' } });
    },
  });

  const { db, dialect, destroy } = await openDatabase({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    postgresPoolSize: config.postgresPoolSize,
    dataDir: config.dataDir,
    sqliteReadWorkers: config.sqliteReadWorkers,
  });
  await migrate(db, dialect === 'postgres' ? config.databaseSchema : undefined);
  // The Redis client is loaded only when Redis is configured.
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  // ioredis reconnects by itself; an outage is logged once per failed attempt (and /readyz says so),
  // never as an unhandled error event.
  redis?.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis unreachable'));

  let listenOrigin = `http://localhost:${config.port}`;
  const bus = redis ? redisBus(redis) : memoryBus();
  // API answers and rendered pages of the storefront, alive for PUBLIC_CACHE_MS: at most 5,000 entries
  // and 4 M characters or bytes (~8 MB at worst). A page and its compressed copies weigh ~60 KB: the
  // ~100 pages most recently asked for stay, which is what a burst on a few products needs. With
  // 16 M, a crawler reading every product page held 40 MB more in the cache (runtime-memory.md).
  const publicCache = ttlCache<string | Buffer>({ ttlMs: config.publicCacheMs, maxEntries: 5000, weigh: (s) => s.length, maxWeight: 4_000_000 });
  // What storefront lists compute again and again, per store (cards, filter totals, deep-page
  // checkpoints; modules/storefront/list-cache.ts): at most ~8 MB by its entries' weight (a
  // 10,000-product store's cards with its totals and checkpoints take about half) and 50,000
  // entries. A bound of 10,000 entries left a third of such a store's cards unkept: every deep
  // page read its missing cards again (docs/decisions/0014-search.md).
  const publicLists = listCache({ ttlMs: config.publicListCacheMs, maxEntries: 50_000, maxBytes: 8_000_000 });
  const storeSettings = listCache({ ttlMs: config.publicListCacheMs, maxEntries: 10_000 });
  const invalidation = storefrontCacheInvalidation(publicCache, publicLists, storeSettings, bus, app.log);
  const ctx: AppContext = {
    config,
    db,
    dialect,
    transact: transactions(db, dialect),
    redis,
    jwtSecret: loadJwtSecret(config),
    log: app.log,
    limiter: redis ? redisRateLimiter(redis) : memoryRateLimiter(),
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, db, dialect, app.log, { perSecond: config.mailSendRate }) : outboxMailer(db, app.log),
    publicUrl: () => config.publicUrl ?? listenOrigin,
    storage: createStorage(config),
    bus,
    presence: presenceTracker(bus, redis),
    sessions: sessionGate(db, redis, bus),
    publicCache,
    publicLists,
    storeSettings,
    storeChanged: invalidation.storeChanged,
    stockChanged: invalidation.stockChanged,
    secrets: secretBox(loadPaymentsKey(config)),
    stripe: stripeGateway(config),
  };
  const jobs = backgroundJobs(ctx);
  if (!config.smtpUrl && config.production) app.log.warn('SMTP_URL is not set: mails are kept in the database outbox only');

  app.addHook('onRoute', (route) => redaction.learn(route.url));
  registerTimeLimit(app, { handlerMs: timeouts.handlerMs });

  app.addHook('onListen', () => {
    const addr = app.server.address();
    if (addr && typeof addr === 'object') listenOrigin = `http://localhost:${addr.port}`;
  });
  // The background jobs (modules/jobs/registry.ts) start once the app is ready: queued mails are
  // delivered then; closing lets a send in flight finish first.
  app.addHook('onReady', async () => jobs.start());
  // Requests still running when the server closes (their clients may have hung up) finish first.
  const inFlight = requestsInFlight(app);
  app.addHook('onClose', async () => {
    await inFlight.settled(SETTLE_MS);
    await jobs.close();
    await ctx.limiter.close();
    await ctx.presence.close();
    ctx.sessions.close();
    invalidation.close();
    await ctx.bus.close();
    await redis?.quit().catch(() => undefined);
    await destroy();
  });
  // A successful write by a store's team (catalogue, settings, orders…) drops that store's cached
  // storefront answers and pages, on every instance; other stores' entries stay.
  app.addHook('onResponse', async (req, reply) => {
    if (req.member && req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) ctx.storeChanged(req.member.storeSlug);
  });
  registerSecurityHeaders(app, config);

  // A NUL character is valid JSON and URL syntax but no database text can hold it (PostgreSQL
  // refuses it): it is refused at the door, before the guard looks anything up.
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.includes('%00') || req.url.includes('\u0000')) {
      return reply.code(400).send({ error: { code: 'validation', message: 'Indirizzo della richiesta non valido' } });
    }
  });

  // Every request input is validated by the zod schema the route declares (shared with the web app),
  // and every answer with a response schema is serialised through it: nothing it does not name leaves.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await app.register(cookie);
  // Upload routes read files with readImageUploads (modules/storage/images.ts), which tightens these per route.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.productImageMaxBytes, files: LIMITS.productImagesMax, fields: 20, fieldSize: 64 * 1024, parts: 40 },
  });
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  await registerDocs(app);
  registerGuard(app, ctx, { membershipOf, freshProof: assertFreshProof });

  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  // The account routes list and create stores, and stores write profiles: handed in, not imported.
  registerUserRoutes(app, ctx, {
    summariesOf: (userId) => storesOf(ctx, userId),
    create: (userId, input, beforeCreate) => createStore(ctx, userId, input, beforeCreate),
  });
  registerStorefrontRoutes(app, ctx);
  registerSeoRoutes(app, ctx);
  // Payments and invoices import orders; orders reaches them through these ports (no cycle).
  registerOrderRoutes(app, ctx, { payments: paymentsForOrders(ctx), invoices: invoicesForOrders(ctx) });
  // Returns import payments; the Stripe webhook reaches the refunds through this port (no cycle).
  registerPaymentRoutes(app, ctx, { refunds: refundsForPayments(ctx) });
  registerLegalRoutes(app, ctx);
  registerInvoiceRoutes(app, ctx);
  registerShippingRoutes(app, ctx);
  registerReturnSettingsRoutes(app, ctx);
  registerPublicDiscountRoutes(app, ctx);
  registerWithdrawalRoutes(app, ctx);
  registerDiscountRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerStatsRoutes(app, ctx);
  registerSetupRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerRealtime(app, ctx);
  registerFileRoutes(app, ctx);
  registerThemeRoutes(app, ctx);
  registerStoreRoutes(app, ctx);
  registerTeamRoutes(app, ctx);
  // The search index keeps products' name sort keys through the catalogue, which owns products.
  writeSortTitlesWith(searchColumns.setSortTitle);
  registerCatalogRoutes(app, ctx);
  registerCsvRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerReturnRequestRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  // The audit log names each entry's device through the auth module, which records its own changes there.
  const devices = devicesService(ctx);
  registerAuditRoutes(app, ctx, { sessionDevices: (ids) => devices.describe(ids) });
  if (!config.production && !config.smtpUrl) registerDevOutbox(app, db);

  await registerWeb(app, storefrontPages(app, ctx), config.webDist);
  opts.extraRoutes?.(app);
  return { app, ctx };
}
