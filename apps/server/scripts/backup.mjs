/**
 * npm run backup — a consistent copy of a running SQLite deployment: the database through SQLite's
 * online backup API (one snapshot, taken while the server keeps serving), then the uploaded files
 * and the generated JWT secret, into a new timestamped folder. PostgreSQL and S3 have their own
 * tools (docs/decisions/0011-production-runtime.md, "Backups").
 *
 *   npm run backup                         -> ./backups/<UTC time>/
 *   npm run backup -- --dir /srv/backups   -> /srv/backups/<UTC time>/   (or BACKUP_DIR=/srv/backups)
 *
 * Reads the server's own variables: DATA_DIR (default ./data), DATABASE_URL, S3_ENDPOINT/S3_BUCKET.
 * Plain JavaScript on purpose: it runs on a fresh clone after `npm install`, with no build step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

const say = (line) => process.stdout.write(`${line}\n`);
/** The folder being written: removed when the backup fails, so no half backup is ever taken for a whole one. */
let partial;
function fail(message) {
  if (partial) fs.rmSync(partial, { recursive: true, force: true });
  process.stderr.write(`Backup non eseguito: ${message}\n`);
  process.exit(1);
}
process.on('uncaughtException', (err) => fail(err instanceof Error ? err.message : String(err)));

let args;
try {
  args = parseArgs({ options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\nUso: npm run backup [-- --dir <cartella>]`);
}
if (args.help) {
  say('Uso: npm run backup [-- --dir <cartella>]   (oppure BACKUP_DIR=<cartella>; predefinita ./backups)');
  say('Copia il database SQLite e i file caricati di DATA_DIR in <cartella>/<data e ora UTC>/, a server acceso.');
  process.exit(0);
}

const env = (name) => (process.env[name] ? process.env[name] : undefined);
if (env('DATABASE_URL')) {
  fail(
    'DATABASE_URL è impostata: i dati sono in PostgreSQL, che questo comando non copia.\n' +
      'Usa gli strumenti di PostgreSQL, per esempio: pg_dump --format=custom --file=vetrina.dump "$DATABASE_URL"\n' +
      '(ripristino con pg_restore; per il ripristino a un istante preciso, archiviazione del WAL o i backup del servizio gestito).',
  );
}

const dataDir = path.resolve(env('DATA_DIR') ?? './data');
const source = path.join(dataDir, 'vetrina.db');
if (!fs.existsSync(source)) fail(`nessun database in ${source} (DATA_DIR è giusta? il server è mai partito?)`);

// Colons are left out of the folder name: they break Windows paths, scp and tar ("host:path").
const stamp = new Date().toISOString().replace(/:/g, '-');
const parent = path.resolve(args.dir ?? env('BACKUP_DIR') ?? './backups');
const target = path.join(parent, stamp);
fs.mkdirSync(parent, { recursive: true });
try {
  // Never into an existing folder: a backup is never mixed with an older one. Owner only: the
  // copy holds password hashes, customers' addresses and the token signing key.
  fs.mkdirSync(target, { mode: 0o700 });
  partial = target;
} catch (err) {
  fail(`impossibile creare ${target}: ${err instanceof Error ? err.message : String(err)}`);
}

// 1. The database. The online backup copies every page inside one read transaction (all pages in
// one step), so the copy is the database as it was at one instant; in WAL mode the server keeps
// writing meanwhile. Smaller steps would let the server's writes restart the copy again and again.
const dbFile = path.join(target, 'vetrina.db');
const db = new Database(source, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
let pages;
try {
  const result = await db.backup(dbFile, { progress: () => 0x7fffffff });
  pages = result.totalPages;
} catch (err) {
  fail(`copia del database non riuscita: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  db.close();
}
// The copy becomes one self-contained file (no -wal beside it) and is checked before anyone relies on it.
const copy = new Database(dbFile, { fileMustExist: true });
copy.pragma('journal_mode = DELETE');
const check = copy.pragma('quick_check', { simple: true });
const orders = copy.prepare('select count(*) as n from orders').get().n;
copy.close();
if (check !== 'ok') fail(`la copia del database non supera il controllo di integrità (${check}): ${dbFile}`);
say(`Database: ${dbFile} (${formatBytes(fs.statSync(dbFile).size)}, ${pages} pagine, ${orders} ordini, controllo di integrità: ok)`);

// 2. The generated JWT secret, when the server uses one from DATA_DIR: restored with the database,
// signed-in users stay signed in.
// The generated payments key likewise: without it the merchants' stored Stripe keys cannot be opened.
for (const [name, label] of [
  ['jwt-secret', 'Chiave JWT'],
  ['payments-key', 'Chiave dei pagamenti'],
]) {
  const secret = path.join(dataDir, name);
  if (!fs.existsSync(secret)) continue;
  fs.copyFileSync(secret, path.join(target, name));
  fs.chmodSync(path.join(target, name), 0o600);
  say(`${label}: ${path.join(target, name)}`);
}

// 3. Uploaded files, after the database snapshot: every file the copied database names is already
// on disk (uploads are written before the rows naming them). Files uploaded meanwhile are copied
// too and are harmless extras.
if (env('S3_ENDPOINT') && env('S3_BUCKET')) {
  say(`File caricati: nel bucket S3 "${env('S3_BUCKET')}", non copiati (usa il versioning del bucket o "aws s3 sync").`);
} else {
  const files = path.join(dataDir, 'files');
  const copied = { count: 0, bytes: 0 };
  copyTree(files, path.join(target, 'files'), copied);
  say(`File caricati: ${path.join(target, 'files')} (${copied.count} file, ${formatBytes(copied.bytes)})`);
}
partial = undefined;
say(`Backup completo in ${target}`);

/** Copies a folder tree, skipping files being written (*.tmp) and files deleted while it runs. */
function copyTree(from, to, copied) {
  let entries;
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOENT') return;
    throw err;
  }
  fs.mkdirSync(to, { recursive: true });
  for (const entry of entries) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(src, dest, copied);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      try {
        fs.copyFileSync(src, dest);
      } catch (err) {
        if (err.code === 'ENOENT') continue;
        throw err;
      }
      copied.count++;
      copied.bytes += fs.statSync(dest).size;
    }
  }
}

function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
