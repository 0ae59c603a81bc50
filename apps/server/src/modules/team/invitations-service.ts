import { LIMITS, teamMsg, type Role, type TeamInvitation } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../db/index.js';
import { AppError, conflict, notFound, rateLimited } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { hashToken, newId, newToken } from '../../lib/ids.js';
import { takeSlots } from '../../lib/rate-limiter.js';
import { teamMails } from '../mail/templates.js';
import type { TeamContext } from './members-service.js';
import { audit } from '../audit/service.js';
import { teamRepo } from './repo.js';

const ROLE_LABELS: Record<Role, string> = { admin: 'Amministratore', staff: 'Staff' };

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
/**
 * Invitations per hour: enough for any real team, too few to use us as a spam relay — per store,
 * per inviting account across all its stores (creating stores does not buy more), and per invited
 * address (many stores cannot flood one mailbox).
 */
export const INVITE_LIMITS = { perStore: 50, perAccount: 30, perAddress: 5 } as const;

const duplicate = () => conflict(teamMsg.duplicate, { field: 'email', title: teamMsg.duplicateTitle });

/** Invitations seen from the inviting store: list (team), send and cancel (admins). */
export function invitationsService(ctx: AppContext) {
  const repo = teamRepo(ctx.db);

  return {
    list: (team: TeamContext): Promise<TeamInvitation[]> => repo.pendingOfStore(team.storeId, clock.iso()),

    async invite(team: TeamContext, input: { email: string; role: Role }): Promise<TeamInvitation> {
      const { email, role } = input;
      const nowMs = clock.nowMs();
      const now = new Date(nowMs).toISOString();
      if (await repo.isMemberByEmail(team.storeId, email)) throw conflict(teamMsg.alreadyMember, { field: 'email' });
      if (await repo.hasLivePending(team.storeId, email, now)) throw duplicate();
      await takeSlots(
        ctx.limiter,
        [
          { key: `invite:store:${team.storeId}`, max: INVITE_LIMITS.perStore, windowMs: HOUR_MS, message: teamMsg.tooManyInvites },
          { key: `invite:account:${team.user.id}`, max: INVITE_LIMITS.perAccount, windowMs: HOUR_MS, message: teamMsg.tooManyInvitesAccount },
          { key: `invite:to:${email}`, max: INVITE_LIMITS.perAddress, windowMs: HOUR_MS, message: teamMsg.tooManyInvitesAddress },
        ],
        (resetMs, slot) => rateLimited(slot.message, resetMs),
      );

      const token = newToken();
      const invitation = {
        id: newId(),
        store_id: team.storeId,
        email,
        role,
        invited_by: team.user.id,
        status: 'pending' as const,
        token_hash: hashToken(token),
        expires_at: new Date(nowMs + LIMITS.invitationDays * DAY_MS).toISOString(),
        created_at: now,
      };
      try {
        // An expired invitation is dead: it must not block a fresh one (one pending per store and e-mail).
        await ctx.db.transaction().execute(async (trx) => {
          await teamRepo(trx).insertInvitation(invitation);
          await audit.record(trx, team, {
            kind: 'invitations',
            action: 'invitation.sent',
            summary: `Invito inviato a ${email}`,
            subject: { type: 'invitation', id: invitation.id, label: email },
            changes: [{ field: 'role', label: 'Ruolo', before: null, after: ROLE_LABELS[role] }],
          });
        });
      } catch (err) {
        // Two admins inviting the same address at once: the partial unique index lets one through.
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }

      const [storeName, inviterEmail] = await Promise.all([repo.findStoreName(team.storeId), repo.accountEmail(team.user.id)]);
      const url = `${ctx.publicUrl()}/invitations/accept?token=${encodeURIComponent(token)}`;
      try {
        await ctx.mailer.send(teamMails.invitation({ to: email, storeName: storeName ?? 'Vetrina', inviterEmail, role, url }));
      } catch (err) {
        // An invitation nobody received would block a new one for 7 days: take it back.
        await ctx.db.transaction().execute(async (trx) => {
          await teamRepo(trx).deleteInvitation(invitation.id);
          await audit.record(trx, team, {
            kind: 'invitations',
            action: 'invitation.withdrawn',
            summary: `Invito ritirato: l’e-mail a ${email} non è partita`,
            subject: { type: 'invitation', id: invitation.id, label: email },
          });
        });
        ctx.log.error({ err, storeId: team.storeId }, 'invitation mail not sent');
        throw new AppError(502, 'mail_failed', teamMsg.inviteFailed);
      }
      return { id: invitation.id, email, role, invitedByEmail: inviterEmail, expiresAt: invitation.expires_at, createdAt: now };
    },

    /** Cancelling deletes the pending invitation: its link stops working at once. */
    async cancel(team: TeamContext, invitationId: string): Promise<void> {
      const found = await repo.findInvitationById(invitationId);
      const cancelled = await ctx.db.transaction().execute(async (trx) => {
        if (!found || found.store_id !== team.storeId || !(await teamRepo(trx).cancelPending(team.storeId, invitationId))) return false;
        await audit.record(trx, team, {
          kind: 'invitations',
          action: 'invitation.revoked',
          summary: `Invito annullato: ${found.email}`,
          subject: { type: 'invitation', id: invitationId, label: found.email },
        });
        return true;
      });
      if (!cancelled) throw notFound(teamMsg.invitationNotFound);
    },
  };
}
