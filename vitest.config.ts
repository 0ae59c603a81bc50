import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The
    // integration tests mostly wait (HTTP, SMTP, PostgreSQL, child processes), so two files at a
    // time take ~40 % less time there (each test file has its own server, data folder and schema).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
      },
      {
        test: {
          name: 'integration',
          // Tests that need PostgreSQL and Redis (two instances, named statements) join the suite when both are configured.
          include: [
            'apps/server/test/*.test.ts',
            ...(process.env.TEST_DATABASE_URL && process.env.REDIS_TEST_URL ? ['apps/server/test/cluster/*.test.ts'] : []),
          ],
          // Pages are rendered by the web app's server build: it is built first when stale.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
