/**
 * Compiles the server for production: one ES module, apps/server/dist/main.js, with the workspace's
 * own TypeScript (server and @vetrina/shared) bundled in and every installed package left to Node's
 * resolver. No TypeScript transpiler runs when the server starts (docs/decisions/production-runtime.md).
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));

await build({
  absWorkingDir: here,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vetrina/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
