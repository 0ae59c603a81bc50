import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyBytes, type Config } from '../../config.js';
import { dataDirSecret } from '../../lib/data-secret.js';

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
  const key = keyBytes(dataDirSecret(config.dataDir, 'payments-key', () => randomBytes(32).toString('base64')));
  if (!key) throw new Error(`Chiave dei pagamenti non valida in ${config.dataDir}/payments-key`);
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
