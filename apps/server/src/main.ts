import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A configuration problem is the operator's to fix: say what, without a stack trace.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
const { app } = await buildApp(config);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
