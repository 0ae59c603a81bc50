#!/usr/bin/env node
/**
 * The server's architecture rules that ESLint and dependency-cruiser cannot express
 * (docs/architecture.md), checked by `npm run lint`:
 *
 * 1. SQL only in repo files: a Kysely query (`selectFrom`, `insertInto`, `updateTable`,
 *    `deleteFrom`) or an `sql` template appears only in a `repo.ts`, in the engine layer (`db/`)
 *    or in a file named in the architecture page's exception list, and the exceptions hold at most
 *    5 % of all SQL sites.
 * 2. One writer per table: a table is inserted into, updated or deleted from only by the module
 *    the architecture page names as its owner; a table missing from that list is an error too.
 * 3. No circle of modules importing each other, counting run-time imports (`import type` is erased),
 *    and no module reaching into another's repo except from its own repo (an SQL fragment).
 *
 * 4. Paths the README, the docs and the code comments name (`apps/…`, `docs/…`) exist, so a
 *    moved file cannot leave a pointer to nowhere.
 * 5. The checkout's write batch stays behind the repos: outside `db/` and the `repo.ts` files no
 *    file imports `PendingWrites` or `writeNowOrLater`, nor anything of `db/write-scope.ts` but
 *    the type `WriteScope`.
 *
 * `--report` prints the figures per file and per module as well.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'apps/server/src');
const docFile = path.join(root, 'docs/architecture.md');
const report = process.argv.includes('--report');
const MAX_EXCEPTION_SHARE = 0.05;

const problems = [];

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The lines of a marked block of the architecture page: `<!-- name:start -->` … `<!-- name:end -->`. */
function block(doc, name) {
  const start = doc.indexOf(`<!-- ${name}:start -->`);
  const end = doc.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) {
    problems.push(`docs/architecture.md: the block <!-- ${name}:start --> … <!-- ${name}:end --> is missing`);
    return [];
  }
  return doc.slice(start, end).split('\n').slice(1);
}

const doc = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8') : '';
if (!doc) problems.push('docs/architecture.md is missing');

// `| `table` | `module` | why |` rows; the module may be `db` for the engine's own tables.
const owners = new Map();
for (const line of block(doc, 'table-owners')) {
  const m = /^\|\s*`([a-z0-9_]+)`\s*\|\s*`([a-z0-9-]+)`/.exec(line);
  if (m) owners.set(m[1], m[2]);
}
// `- `apps/server/src/…` — why` items.
const exceptions = new Set();
for (const line of block(doc, 'sql-exceptions')) {
  const m = /^-\s*`(apps\/server\/src\/[^`]+)`/.exec(line);
  if (m) exceptions.add(m[1]);
}

const SQL_SITE = /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:<[^>]*>)?`/g;
const BUILDER_WRITE = /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"]([a-z0-9_]+)['"]/g;
const PREPARED_WRITE = /\bpreparedInsert\(\s*['"]([a-z0-9_]+)['"]/g;
const SQL_TEMPLATE = /\bsql(?:<[^>]*>)?`([^`]*)`/g;
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z0-9_]+)"?/gi;
const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const rel = (file) => path.relative(root, file).split(path.sep).join('/');
/** `catalog` for apps/server/src/modules/catalog/…, null for the kernel and the composition root. */
/** What only the engine and the repos may import (rule 5): by file, the names, or every name but the type. */
const BATCH_PLUMBING = [
  { file: 'db/prepared.js', banned: (n) => n === 'PendingWrites' || n === 'writeNowOrLater' },
  { file: 'db/write-scope.js', banned: (n) => n !== 'WriteScope' },
];

const moduleOf = (file) => /^modules\/([^/]+)\//.exec(path.relative(src, file).split(path.sep).join('/'))?.[1] ?? null;
const inEngine = (file) => /^db\//.test(path.relative(src, file).split(path.sep).join('/'));
const isMigration = (file) => /^db\/migrations\//.test(path.relative(src, file).split(path.sep).join('/'));
/** Comments out, so a path or a word in prose is neither an import nor a statement. */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

let sites = 0;
let outside = 0;
const perFile = [];
const writers = new Map(); // table -> Set(module)
const deps = new Map(); // module -> Set(module)

for (const file of walk(src)) {
  const text = code(fs.readFileSync(file, 'utf8'));
  const name = rel(file);
  const mod = moduleOf(file);
  const count = (text.match(SQL_SITE) ?? []).length;
  sites += count;
  const allowed = path.basename(file) === 'repo.ts' || inEngine(file);
  if (count && !allowed) {
    outside += count;
    perFile.push([count, name]);
    if (!exceptions.has(name))
      problems.push(
        `${name}: ${count} SQL site(s) outside a repo.ts (move them into the module's repo, or name the file in docs/architecture.md's exceptions)`,
      );
  }

  if (!isMigration(file)) {
    const tables = new Set();
    for (const m of text.matchAll(BUILDER_WRITE)) tables.add(m[1]);
    for (const m of text.matchAll(PREPARED_WRITE)) tables.add(m[1]);
    for (const t of text.matchAll(SQL_TEMPLATE)) for (const m of t[1].matchAll(RAW_WRITE)) tables.add(m[1].toLowerCase());
    const writer = mod ?? (inEngine(file) ? 'db' : 'kernel');
    for (const table of tables) {
      if (!writers.has(table)) writers.set(table, new Set());
      writers.get(table).add(writer);
      const owner = owners.get(table);
      if (!owner) problems.push(`${name}: writes \`${table}\`, which has no owner in docs/architecture.md`);
      else if (owner !== writer) problems.push(`${name}: writes \`${table}\`, owned by ${owner} (call the ${owner} service instead)`);
    }
  }

  if (!allowed) {
    for (const m of text.matchAll(IMPORT)) {
      const rule = BATCH_PLUMBING.find((r) => m[4].endsWith(r.file));
      const names = m[3]
        .replace(/[{}]/g, '')
        .split(',')
        .map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0],
        )
        .filter(Boolean);
      const banned = rule ? names.filter(rule.banned) : [];
      if (banned.length)
        problems.push(`${name}: imports ${banned.join(', ')} from ${m[4]}; only db/ and repo.ts files open a write scope (pass the WriteScope on)`);
    }
  }

  if (mod) {
    const targets = [];
    for (const m of text.matchAll(IMPORT)) {
      const typeOnly =
        Boolean(m[2]) ||
        (/^\{[^}]*\}$/.test(m[3].trim()) &&
          m[3]
            .replace(/[{}\s]/g, '')
            .split(',')
            .filter(Boolean)
            .every((n) => n.startsWith('type')));
      if (!typeOnly) targets.push(m[4]);
    }
    for (const m of text.matchAll(DYNAMIC_IMPORT)) targets.push(m[1]);
    for (const spec of targets) {
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      const other = moduleOf(target);
      if (other && other !== mod) {
        if (!deps.has(mod)) deps.set(mod, new Set());
        deps.get(mod).add(other);
        // A repo may build on another repo's SQL fragment; anything else goes through the service.
        if (path.basename(target, '.js') === 'repo' && path.basename(file) !== 'repo.ts') {
          problems.push(`${name}: imports ${other}'s repo (${spec}); call the ${other} service instead`);
        }
      }
    }
  }
}

for (const exception of exceptions) {
  if (!perFile.some(([, name]) => name === exception))
    problems.push(`docs/architecture.md names ${exception} as an SQL exception, but it holds no SQL outside a repo: remove it from the list`);
}
// 4. Paths named in the docs and in comments exist (`apps/…`, `packages/…`, `docs/…`, `e2e/…`, `bench/…`).
const NAMED_PATH = /\b((?:apps|packages|docs|e2e|bench)\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.(?:tsx|ts|mjs|cjs|md|json|css|html))\b/g;
const documented = [
  path.join(root, 'README.md'),
  ...walkAll(path.join(root, 'docs')),
  ...walkAll(path.join(root, 'apps')),
  ...walkAll(path.join(root, 'packages')),
];
function walkAll(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walkAll(full);
    return /\.(tsx?|mjs|cjs|md|html)$/.test(e.name) ? [full] : [];
  });
}
for (const file of documented) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(NAMED_PATH)) {
    if (!fs.existsSync(path.join(root, m[1]))) problems.push(`${rel(file)}: names ${m[1]}, which does not exist (moved? say where it is now)`);
  }
}

const share = sites ? outside / sites : 0;
if (share > MAX_EXCEPTION_SHARE)
  problems.push(`SQL outside repo files: ${outside} of ${sites} sites (${(share * 100).toFixed(1)} %), more than ${MAX_EXCEPTION_SHARE * 100} %`);

// Any circle of modules (a → b → … → a), found by a depth-first walk of the module graph.
const state = new Map(); // module -> 'open' | 'done'
const seenCircles = new Set();
function visit(mod, trail) {
  state.set(mod, 'open');
  for (const next of [...(deps.get(mod) ?? [])].sort()) {
    if (state.get(next) === 'open') {
      const circle = [...trail.slice(trail.indexOf(next)), next];
      const key = circle.slice(0, -1).sort().join(',');
      if (!seenCircles.has(key)) {
        seenCircles.add(key);
        problems.push(`modules import each other in a circle at run time: ${circle.join(' → ')} (one of them must not know the next)`);
      }
    } else if (!state.has(next)) visit(next, [...trail, next]);
  }
  state.set(mod, 'done');
}
for (const mod of [...deps.keys()].sort()) if (!state.has(mod)) visit(mod, [mod]);

console.log(`SQL sites: ${sites}; outside repo files: ${outside} (${(share * 100).toFixed(1)} %, at most ${MAX_EXCEPTION_SHARE * 100} %)`);
if (report) {
  for (const [n, name] of perFile.sort((x, y) => y[0] - x[0])) console.log(`  ${String(n).padStart(3)}  ${name}`);
  console.log('Tables written by more than one module:');
  for (const [table, mods] of [...writers].sort()) if (mods.size > 1) console.log(`  ${table}: ${[...mods].sort().join(', ')}`);
  console.log('Module dependencies (run time):');
  for (const [a, targets] of [...deps].sort()) console.log(`  ${a} -> ${[...targets].sort().join(' ')}`);
}
if (problems.length) {
  for (const p of problems) console.error(`✗ ${p}`);
  console.error(`${problems.length} architecture problem(s); the rules are in docs/architecture.md.`);
  process.exit(1);
}
console.log('Architecture rules hold: SQL in repos, one writer per table, no circle of modules.');
