import type { Db } from '../../db/index.js';
import { totpRepo } from './totp/repo.js';

/**
 * Has the account a second factor turned on? The one answer other modules ask (the owner must
 * have one before requiring it of the team). An authenticator app counts; a passkey is a second
 * factor too once the account can register one.
 */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  return !!(await totpRepo(db).findVerifiedFactor(userId));
}
