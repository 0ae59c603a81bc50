import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  sub: string;
  sid: string;
  email: string;
  /** 'aal2' when the session was opened (or later proved) with a second factor or a passkey. */
  aal?: 'aal1' | 'aal2';
  iat: number;
  exp: number;
}

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** Minimal HS256 JWT: the only algorithm we issue and the only one we accept. */
export function signJwt(claims: AccessClaims, secret: string): string {
  const body = `${HEADER}.${b64(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export function verifyJwt(token: string, secret: string, nowSec: number): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as AccessClaims;
    if (typeof claims.exp !== 'number' || claims.exp <= nowSec) return null;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    return claims;
  } catch {
    return null;
  }
}
