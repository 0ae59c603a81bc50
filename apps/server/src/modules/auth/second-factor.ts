import type { Db } from '../../db/index.js';
import { passkeysRepo } from './passkeys/repo.js';
import { totpRepo } from './totp/repo.js';

/**
 * Has the account a second factor turned on? The one answer other modules ask (the owner must
 * have one before requiring it of the team). An authenticator app counts, and so does a passkey.
 */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  return !!(await totpRepo(db).findVerifiedFactor(userId)) || (await passkeysRepo(db).hasAny(userId));
}
