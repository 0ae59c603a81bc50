import { randomBytes, randomUUID, createHash } from 'node:crypto';

export const newId = (): string => randomUUID();
/** 256 random bits, URL-safe: for links mailed to people and refresh tokens. */
export const newToken = (): string => randomBytes(32).toString('base64url');
/** Tokens are stored hashed so that a database leak reveals nothing usable. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
