/**
 * Compiles the server for production: one ES module, apps/server/dist/main.js, with the workspace's
 * own TypeScript (server and @vetrina/shared) bundled in and every installed package left to Node's
 * resolver. No TypeScript transpiler runs when the server starts (docs/decisions/0011-production-runtime.md).
 * The CSV import's worker thread is a second bundle beside it, dist/csv-import-worker.js, which
 * modules/csv/import-job.ts finds next to main.js (docs/decisions/0034-csv-import-isolation.md).
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));
// Loaded by every start, as hundreds of small ES modules each (kysely ~280 files, zod ~100): Node's
// loader resolves, reads and compiles each one. Compiled in, they are one file's work.
const BUNDLED = /^(kysely|zod)(\/|$)/;

await build({
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts', 'csv-import-worker': 'src/modules/csv/import-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'installed-packages-external',
      setup(b) {
        // Bare imports are installed packages (native addons among them): Node loads them. The
        // workspace's shared package ships TypeScript sources, so it is compiled in.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@vetrina/') || BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
