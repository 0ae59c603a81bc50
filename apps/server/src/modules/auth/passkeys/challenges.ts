import { hashToken } from '../../../lib/ids.js';

/** A WebAuthn challenge lives two minutes: the browser's prompt, not a coffee break. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 2 * 60 * 1000;
/** How long the browser waits for the authenticator (the options' `timeout`). */
export const WEBAUTHN_TIMEOUT_MS = 60 * 1000;

/** The key a challenge is stored under: its hash, so a copy of the table signs nothing. */
export const challengeHash = (challenge: string) => hashToken(`webauthn:${challenge}`);

/**
 * The challenge the browser signed, read from clientDataJSON (base64url JSON), or null when the
 * text is not that. The library checks it again, with everything else, once the row is found.
 */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = data && typeof data === 'object' ? (data as { challenge?: unknown }).challenge : undefined;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}
