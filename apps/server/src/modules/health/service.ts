import type { AppContext } from '../../lib/context.js';
import { pingDatabase } from './repo.js';

/** How long a dependency may take to answer a readiness probe before it counts as down. */
const PROBE_TIMEOUT_MS = 2000;

const within = <T>(p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS).unref())]);

export type Check = 'ok' | 'down';

/** Readiness: the database answers and, when configured, Redis too. Errors are logged, never returned. */
export function healthService(ctx: Pick<AppContext, 'db' | 'redis' | 'log'>) {
  const probe = async (name: string, run: () => Promise<unknown>): Promise<Check> => {
    try {
      await within(run());
      return 'ok';
    } catch (err) {
      ctx.log.warn({ err, dependency: name }, 'readiness probe failed');
      return 'down';
    }
  };
  return {
    async ready() {
      const [database, redis] = await Promise.all([
        probe('database', () => pingDatabase(ctx.db)),
        ctx.redis ? probe('redis', () => ctx.redis!.ping()) : Promise.resolve(null),
      ]);
      const checks = { database, ...(redis ? { redis } : {}) };
      return { ready: database === 'ok' && redis !== 'down', checks };
    },
  };
}
