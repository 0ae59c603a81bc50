/**
 * The server's layering (docs/architecture.md): the kernel (lib/, plugins/, db/ and the
 * migrations) sits below the modules and imports none of them; only the composition root
 * (app.ts, main.ts) wires modules together. Checked by `npm run lint`.
 */
module.exports = {
  forbidden: [
    {
      name: 'kernel-below-modules',
      comment: 'lib/, plugins/ and db/ (with the migrations) import no module: pass what they need from app.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/(lib|plugins|db)/' },
      to: { path: '^apps/server/src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'migrations-frozen',
      comment: 'A migration carries its own copy of what it needs (db/migrations/frozen/), never live code.',
      severity: 'error',
      from: { path: '^apps/server/src/db/migrations/' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/db/migrations/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
  },
};
