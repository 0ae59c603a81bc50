import { randomFillSync, createHash } from 'node:crypto';

/**
 * Random bytes drawn in batches of `count` draws of `size` bytes: one system call per batch
 * instead of one per draw. Each draw's bytes are used once; the answer is the pool and where the
 * draw starts in it, valid until the next draw.
 */
function randomDraws(size: number, count: number): () => [pool: Buffer, at: number] {
  const pool = Buffer.alloc(size * count);
  let at = pool.length;
  return () => {
    if (at === pool.length) {
      randomFillSync(pool);
      at = 0;
    }
    const start = at;
    at += size;
    return [pool, start];
  };
}

const ID_RANDOM_BYTES = 10;
const idBytes = randomDraws(ID_RANDOM_BYTES, 256);

/**
 * A new row id: a UUID of version 7 (RFC 9562): the first 48 bits are the time in milliseconds, the
 * remaining 74 bits (after the version and variant bits) random. Ids made close in time are close
 * in every index that holds them, so a commit of many new rows (a group of checkouts: the order,
 * its lines, events, mails, notifications) writes a few pages at the end of each index instead of a
 * page in a random place per row; version 4's fully random ids scattered them. 74 random bits keep
 * an id unguessable; it tells when its row was made, which the row's own dates say anyway.
 */
export function newId(): string {
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  const [pool, at] = idBytes();
  pool.copy(bytes, 6, at, at + ID_RANDOM_BYTES);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // variant 10
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const TOKEN_BYTES = 32;
const tokenBytes = randomDraws(TOKEN_BYTES, 64);
/** 256 random bits, URL-safe: for links mailed to people, order links and refresh tokens (every checkout makes one). */
export function newToken(): string {
  const [pool, at] = tokenBytes();
  return pool.toString('base64url', at, at + TOKEN_BYTES);
}
/** Tokens are stored hashed so that a database leak reveals nothing usable. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
