import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret kept in DATA_DIR when the configuration gives none (the JWT key, the payments key): made
 * on first start with `generate`, readable by the server's user only, and read back on every later
 * start. 'wx': when two instances start together on one DATA_DIR, one writes and both read its value.
 */
export function dataDirSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, generate(), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
