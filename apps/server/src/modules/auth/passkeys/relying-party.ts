import type { AppContext } from '../../../lib/context.js';

export const RP_NAME = 'Vetrina';

/**
 * Who the passkeys belong to: WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS when set, else the public
 * address (PUBLIC_URL, or the server's own http://localhost:PORT), read per call because the
 * server's own origin is known only once it listens.
 */
export function relyingParty(ctx: AppContext): { rpId: string; rpName: string; origins: string[] } {
  const base = new URL(ctx.publicUrl());
  return {
    rpId: ctx.config.webauthn.rpId ?? base.hostname,
    rpName: RP_NAME,
    origins: ctx.config.webauthn.origins ?? [base.origin],
  };
}
