import type { Config } from '../../config.js';
import { localDiskStorage } from './local-storage.js';
import { s3Storage } from './s3-storage.js';

/**
 * Where uploaded files live. One interface, two drivers: local disk under DATA_DIR (default)
 * and S3-compatible object storage when S3_* is set (needed with several server instances).
 * Keys look like `stores/{storeId}/logo/123.webp`, so deleting a store is one deletePrefix.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Stores the bytes under `key` and returns the URL browsers load it from. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Copies a stored file to a new key (a duplicated product's pictures) and returns the copy's URL. */
  copy(fromKey: string, toKey: string): Promise<string>;
  /** Removes one file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (must end with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every key under `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** The public URL of a key (same value `put` returns). */
  urlOf(key: string): string;
}

/** The local-disk driver also knows its folder, so the server can serve the files. */
export interface LocalFileStorage extends FileStorage {
  readonly driver: 'local';
  readonly root: string;
}

// Keys are built by our code from ids and timestamps; anything else is a bug or an attack.
const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Throws unless `key` is a safe relative path (no '..', no leading '/', no empty segments). */
export function assertKey(key: string): void {
  if (key.length > 512 || !KEY_RE.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`Chiave di archiviazione non valida: ${key}`);
  }
}

/** Prefixes are keys ending with '/', so 'stores/ab' can never match 'stores/abc/...'. */
export function assertPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`Il prefisso deve terminare con '/': ${prefix}`);
  assertKey(prefix.slice(0, -1));
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};
export const contentTypeOf = (key: string) => TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export function createStorage(config: Config): FileStorage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(config.dataDir);
}
