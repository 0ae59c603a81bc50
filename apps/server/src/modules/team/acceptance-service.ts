import { msg, teamMsg, type AcceptedInvitation, type ReceivedInvitation } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../db/index.js';
import { AppError, conflict, notFound, unauthenticated } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { hashToken, newId } from '../../lib/ids.js';
import { mailboxService } from '../auth/mailbox-service.js';
import { userProfiles } from '../users/service.js';
import { audit } from '../audit/service.js';
import { teamRepo, type InvitationRow } from './repo.js';

const notFoundOrExpired = () => notFound(teamMsg.notFoundOrExpired);

/** Invitations seen from the invited person: list, accept (by mailed token or from the list) and decline. */
export function acceptanceService(ctx: AppContext) {
  const repo = teamRepo(ctx.db);
  const mailbox = mailboxService(ctx);

  /** The account's current e-mail (the token's claim may predate an e-mail change). */
  async function emailOf(userId: string): Promise<string> {
    return (await accountOf(userId)).email;
  }
  async function accountOf(userId: string) {
    const account = await repo.account(userId);
    if (!account) throw unauthenticated(msg.sessionExpired);
    return account;
  }

  /** A pending, unexpired invitation, else the reason it cannot be used. */
  function assertUsable(row: InvitationRow) {
    if (row.status === 'accepted') throw conflict(teamMsg.alreadyAccepted);
    if (row.status === 'declined') throw conflict(teamMsg.alreadyDeclined);
    if (row.expires_at <= clock.iso()) throw new AppError(410, 'expired', teamMsg.notFoundOrExpired);
  }

  /**
   * One transaction: the invitation is used once, the membership created, the store made active if
   * none is; `proved` when the invitation's own mailed link was opened, which verifies the address.
   */
  async function accept(userId: string, email: string, row: InvitationRow, proved: boolean, sessionId?: string): Promise<AcceptedInvitation> {
    assertUsable(row);
    if (await repo.isMember(row.store_id, userId)) throw conflict(teamMsg.alreadyMemberSelf);
    const now = clock.iso();
    try {
      await ctx.db.transaction().execute(async (trx) => {
        // Another request used or cancelled it between our read and this write.
        if (!(await teamRepo(trx).settle(row.id, 'accepted', now))) throw conflict(teamMsg.notFoundOrExpired);
        if (proved) await mailbox.markVerified(trx, userId);
        // Accounts from before profiles existed get theirs when they join a store.
        await userProfiles.ensure(trx, { id: userId, email }, now);
        await teamRepo(trx).insertMember({ id: newId(), storeId: row.store_id, userId, role: row.role, createdAt: now });
        await userProfiles.activateIfNone(trx, userId, row.store_id);
        await audit.record(
          trx,
          { storeId: row.store_id, user: { id: userId, email, sessionId } },
          {
            kind: 'invitations',
            action: 'invitation.accepted',
            summary: `Invito accettato: ${email} entra nel team`,
            subject: { type: 'invitation', id: row.id, label: email },
            changes: [{ field: 'role', label: 'Ruolo', before: null, after: row.role === 'admin' ? 'Amministratore' : 'Staff' }],
          },
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(teamMsg.alreadyMemberSelf);
      throw err;
    }
    return { storeId: row.store_id, storeName: row.store_name, role: row.role };
  }

  /** From the list only the invitee's own invitations exist: anyone else's id is simply not found. */
  async function ownInvitation(userId: string, invitationId: string) {
    const [email, row] = await Promise.all([emailOf(userId), repo.findInvitationById(invitationId)]);
    if (!row || row.email !== email) throw notFoundOrExpired();
    return { email, row };
  }

  return {
    received: async (userId: string): Promise<ReceivedInvitation[]> => repo.pendingForEmail(await emailOf(userId), clock.iso()),

    async acceptByToken(userId: string, token: string, sessionId?: string): Promise<AcceptedInvitation> {
      const [email, row] = await Promise.all([emailOf(userId), repo.findInvitationByTokenHash(hashToken(token))]);
      if (!row) throw notFoundOrExpired();
      // The link may have been forwarded: only the invited address may join, and nothing changes otherwise.
      if (row.email !== email) throw new AppError(403, 'invitation_email_mismatch', teamMsg.wrongEmail);
      // The link was mailed to this address: opening it proves the mailbox.
      return accept(userId, email, row, true, sessionId);
    },

    /**
     * 'Accetta' on 'Inviti Ricevuti': only for an address proved by a mailed link, otherwise anyone
     * who registered the invited address would join the store. Unproved: 403, and a verification
     * link is mailed (within the mail limits).
     */
    async acceptById(userId: string, invitationId: string, ip: string, sessionId?: string): Promise<AcceptedInvitation> {
      const { email, row } = await ownInvitation(userId, invitationId);
      assertUsable(row);
      const account = await accountOf(userId);
      if (!account.email_verified_at) {
        const sent = await mailbox.sendVerification(userId, ip, '/dashboard/invitations');
        throw new AppError(403, 'email_unverified', sent ? msg.emailUnverified(email) : msg.emailUnverifiedAlreadySent(email));
      }
      return accept(userId, email, row, false, sessionId);
    },

    async decline(userId: string, invitationId: string): Promise<void> {
      const { row } = await ownInvitation(userId, invitationId);
      assertUsable(row);
      if (!(await repo.settle(row.id, 'declined', clock.iso()))) throw conflict(teamMsg.notFoundOrExpired);
    },
  };
}
