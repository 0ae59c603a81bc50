import { randomBytes, randomFillSync, createHash } from 'node:crypto';

/** Random bytes drawn in batches: one system call per 256 ids instead of one per id. */
const pool = Buffer.alloc(16 * 256);
let poolAt = pool.length;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A new row id: a UUID of version 7 (RFC 9562): the first 48 bits are the time in milliseconds, the
 * remaining 74 bits (after the version and variant bits) random. Ids made close in time are close
 * in every index that holds them, so a commit of many new rows (a group of checkouts: the order,
 * its lines, events, mails, notifications) writes a few pages at the end of each index instead of a
 * page in a random place per row; version 4's fully random ids scattered them. 74 random bits keep
 * an id unguessable; it tells when its row was made, which the row's own dates say anyway.
 */
export function newId(): string {
  if (poolAt + 10 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const ms = Date.now();
  const hi = Math.floor(ms / 0x1000000); // the top 24 of the 48 bits
  const lo = ms % 0x1000000;
  const r = pool;
  const i = poolAt;
  poolAt += 10;
  return (
    HEX[(hi >>> 16) & 0xff]! +
    HEX[(hi >>> 8) & 0xff]! +
    HEX[hi & 0xff]! +
    HEX[(lo >>> 16) & 0xff]! +
    '-' +
    HEX[(lo >>> 8) & 0xff]! +
    HEX[lo & 0xff]! +
    '-' +
    HEX[0x70 | (r[i]! & 0x0f)]! +
    HEX[r[i + 1]!]! +
    '-' +
    HEX[0x80 | (r[i + 2]! & 0x3f)]! +
    HEX[r[i + 3]!]! +
    '-' +
    HEX[r[i + 4]!]! +
    HEX[r[i + 5]!]! +
    HEX[r[i + 6]!]! +
    HEX[r[i + 7]!]! +
    HEX[r[i + 8]!]! +
    HEX[r[i + 9]!]!
  );
}
/** 256 random bits, URL-safe: for links mailed to people and refresh tokens. */
export const newToken = (): string => randomBytes(32).toString('base64url');
/** Tokens are stored hashed so that a database leak reveals nothing usable. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
