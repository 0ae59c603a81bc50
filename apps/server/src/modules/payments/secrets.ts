import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyBytes, type Config } from '../../config.js';

/**
 * Merchants' payment secrets (Stripe's keys) at rest: AES-256-GCM with the server's payments key,
 * a fresh 12-byte nonce per value, stored as "v1.<nonce>.<tag>.<ciphertext>" (base64url). The
 * store id is the associated data, so a value copied to another store's row does not decrypt.
 */
export interface SecretBox {
  seal(storeId: string, plain: string): string;
  /** null when the value cannot be opened (another key, or tampered with). */
  open(storeId: string, sealed: string): string | null;
}

/** PAYMENTS_KEY when set (required with several instances), else a key kept in DATA_DIR (mode 0600). */
export function loadPaymentsKey(config: Config): Buffer {
  if (config.paymentsKey) return keyBytes(config.paymentsKey)!;
  const file = path.join(config.dataDir, 'payments-key');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': when two instances start together on one DATA_DIR, one writes and both read its key.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = keyBytes(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`Chiave dei pagamenti non valida in ${file}`);
  return key;
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(storeId, plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(storeId));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(storeId, sealed) {
      const [v, nonce, tag, data] = sealed.split('.');
      if (v !== 'v1' || !nonce || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(storeId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
