import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@vetrina/shared';
import { clock } from '../../../lib/clock.js';
import { hashToken } from '../../../lib/ids.js';

/** RFC 6238 defaults (SHA-1, 6 digits, 30 seconds), which every authenticator app reads. */
const PERIOD_SEC = 30;
const ISSUER = 'Vetrina';

/** A new secret, the otpauth URI that carries it and that URI as a QR code (SVG markup). */
export async function newTotpSecret(label: string) {
  const secret = generateSecret();
  const uri = generateURI({ issuer: ISSUER, label, secret });
  const qrCode = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCode };
}

/**
 * The 30-second step a six-digit code belongs to, or null. One step of clock drift either way is
 * allowed; the caller refuses a step at or before the last one accepted (a replay).
 */
export async function matchingStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const epoch = Math.floor(clock.nowMs() / 1000);
    const r = await verify({ secret, token: code, epoch, epochTolerance: PERIOD_SEC });
    // `delta` is how many periods away from now the code's step is.
    return r.valid ? Math.floor(epoch / PERIOD_SEC) + r.delta : null;
  } catch {
    return null;
  }
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** Ten codes like "k7m2q-9xh4t", shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The hash a typed recovery code is looked up by (case, spaces and dashes do not matter), or null. */
export function recoveryCodeHash(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== RECOVERY_LENGTH || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return hashToken(`recovery:${plain}`);
}
