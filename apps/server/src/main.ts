import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';

/** Exit status of a configuration error (sysexits' EX_CONFIG): the service manager does not restart on it (docs/deploy). */
const EXIT_CONFIG = 78;

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A configuration problem is the operator's to fix: say what, without a stack trace.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(EXIT_CONFIG);
}
const { app } = await buildApp(config);

// A fault nothing caught leaves the process in an unknown state: it is logged (through the
// logger, so its URL tokens are redacted) and the process exits for the service manager to
// start a clean one (docs/deploy/vetrina.service restarts it within seconds).
const fatal = (kind: string) => (err: unknown) => {
  app.log.fatal({ err }, kind);
  process.exit(1);
};
process.on('uncaughtException', fatal('uncaught exception'));
process.on('unhandledRejection', fatal('unhandled promise rejection'));

/**
 * How long a stop waits for requests in flight. Past it, connections still open (a client that
 * stopped reading, a request never finished) are cut so that a deploy is not held forever.
 */
const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
const shutdown = async (signal: string) => {
  // A second signal means "now".
  if (stopping) process.exit(1);
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // app.close() stops accepting connections, closes idle keep-alive ones, lets requests in flight
  // finish (answering 503 to new requests on open connections) and then runs the onClose hooks.
  const force = setTimeout(() => {
    app.log.warn('requests still open after the grace period: closing their connections');
    app.server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // Node closes the connections idle at the moment of close(); a keep-alive connection whose request
  // finishes afterwards would stay open (and the process with it) until the grace period ends.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  idle.unref();
  await app.close();
  clearInterval(idle);
  clearTimeout(force);
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
