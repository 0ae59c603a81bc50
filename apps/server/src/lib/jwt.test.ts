import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt.js';

const secret = 's'.repeat(40);
const claims = { sub: 'u1', sid: 's1', email: 'a@b.it', iat: 1000, exp: 2000 };

describe('access tokens', () => {
  it('verifies its own tokens until they expire', () => {
    const t = signJwt(claims, secret);
    expect(verifyJwt(t, secret, 1500)?.sub).toBe('u1');
    expect(verifyJwt(t, secret, 2000)).toBeNull();
  });
  it('refuses another secret, a tampered body and the none algorithm', () => {
    const t = signJwt(claims, secret);
    expect(verifyJwt(t, 'x'.repeat(40), 1500)).toBeNull();
    const [h, , s] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    expect(verifyJwt(`${h}.${forged}.${s}`, secret, 1500)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyJwt(`${none}.${t.split('.')[1]}.`, secret, 1500)).toBeNull();
    expect(verifyJwt('garbage', secret, 1500)).toBeNull();
  });
});
