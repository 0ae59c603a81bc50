import fs from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { assertKey, assertPrefix, type LocalFileStorage } from './storage.js';

/** URL prefix the server answers local files on (see routes.ts). */
export const LOCAL_FILES_PREFIX = '/files/';

/** The absolute path of a key inside `root`, refusing anything that would escape it. */
export function resolveInside(root: string, key: string): string {
  assertKey(key);
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new Error(`Chiave fuori dalla cartella dei file: ${key}`);
  return full;
}

async function walk(dir: string, base: string, out: string[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) await walk(path.join(dir, e.name), rel, out);
    else if (e.isFile() && !e.name.endsWith('.tmp')) out.push(rel);
  }
}

/** Files on local disk under DATA_DIR/files, served by this server at /files/{key}. */
export function localDiskStorage(dataDir: string): LocalFileStorage {
  const root = path.resolve(dataDir, 'files');
  return {
    driver: 'local',
    root,
    urlOf: (key) => LOCAL_FILES_PREFIX + key,
    async put(key, body) {
      const full = resolveInside(root, key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, full);
      return LOCAL_FILES_PREFIX + key;
    },
    async copy(fromKey, toKey) {
      const from = resolveInside(root, fromKey);
      const to = resolveInside(root, toKey);
      await fs.mkdir(path.dirname(to), { recursive: true });
      // Same write-then-rename as put: a reader never sees half a copy.
      const tmp = `${to}.${process.pid}.${Date.now()}.tmp`;
      await fs.copyFile(from, tmp);
      await fs.rename(tmp, to);
      return LOCAL_FILES_PREFIX + toKey;
    },
    async delete(key) {
      await fs.rm(resolveInside(root, key), { force: true });
    },
    async deletePrefix(prefix) {
      assertPrefix(prefix);
      await fs.rm(resolveInside(root, prefix.slice(0, -1)), { recursive: true, force: true });
    },
    async list(prefix) {
      assertPrefix(prefix);
      const out: string[] = [];
      await walk(resolveInside(root, prefix.slice(0, -1)), prefix.slice(0, -1), out);
      return out.sort();
    },
  };
}
