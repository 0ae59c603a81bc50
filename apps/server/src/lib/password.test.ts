import { expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

it('hashes with a salt and verifies only the right password', async () => {
  const a = await hashPassword('segreto-123');
  const b = await hashPassword('segreto-123');
  expect(a).not.toBe(b);
  expect(a.startsWith('scrypt$')).toBe(true);
  expect(await verifyPassword('segreto-123', a)).toBe(true);
  expect(await verifyPassword('segreto-124', a)).toBe(false);
  expect(await verifyPassword('segreto-123', 'sha256$abc')).toBe(false);
});
