import {
  NOTIFICATION_LIMITS,
  notificationMsg,
  type MarkNotificationsReadInput,
  type NotificationList,
  type NotificationPreferences,
} from '@vetrina/shared/notifications';
import type { AppContext } from '../../lib/context.js';
import type { ReadFrom } from '../../db/prepared.js';
import type { WriteScope } from '../../db/write-scope.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { topics } from '../realtime/bus.js';
import { userProfiles } from '../users/service.js';
import { insertNotifications, membersOf, notificationsRepo, toNotification, type NotificationDraft, type NotifiedMember } from './repo.js';

export type { NotificationDraft, NotifiedMember } from './repo.js';

/** Everyone the store's notices reach; read before the event's transaction (it holds locks). */
export const noticeAudience = (db: ReadFrom, storeId: string): Promise<NotifiedMember[]> => membersOf(db, storeId);

/** The bell entry of every member, written in the caller's scope (its transaction): it exists iff the event does. */
export async function recordNotification(scope: WriteScope, storeId: string, members: NotifiedMember[], draft: NotificationDraft) {
  await insertNotifications(
    scope,
    storeId,
    members.map((m) => m.userId),
    draft,
    clock.iso(),
  );
}

const PRUNE_EVERY_MS = 60 * 60_000;
const lastPrune = new Map<string, number>();

/**
 * After the event's commit: every member's bell refetches, wherever its socket is connected. Once an
 * hour per store and instance, the store's notifications past their keeping time are deleted here,
 * outside the event's transaction, so a checkout never waits on it.
 */
export function notificationsChanged(ctx: AppContext, storeId: string) {
  ctx.bus.publish(topics.store(storeId), { type: 'notifications.changed', storeId }).catch((err) => ctx.log.error({ err }, 'realtime publish failed'));
  const now = Date.now();
  if (now - (lastPrune.get(storeId) ?? 0) < PRUNE_EVERY_MS) return;
  if (lastPrune.size > 10_000) lastPrune.clear();
  lastPrune.set(storeId, now);
  const before = new Date(clock.nowMs() - NOTIFICATION_LIMITS.keepDays * 86_400_000).toISOString();
  notificationsRepo(ctx.db)
    .prune(storeId, before)
    .catch((err: unknown) => ctx.log.warn({ err }, 'notifications prune failed (retried later)'));
}

/** The bell and the mail preferences of the signed-in member. */
export function notificationsService(ctx: AppContext) {
  const repo = notificationsRepo(ctx.db);

  async function list(storeId: string, userId: string): Promise<NotificationList> {
    const [rows, unread] = await Promise.all([
      repo.latest(storeId, userId, NOTIFICATION_LIMITS.listSize),
      repo.unread(storeId, userId, NOTIFICATION_LIMITS.unreadCap + 1),
    ]);
    return { items: rows.map(toNotification), unread };
  }

  return {
    list,

    /**
     * Marks the given notifications (or all) of the caller read. An id that is not the caller's own
     * in this store (another member's, another store's, none at all) is not found: nothing changes.
     */
    async markRead(storeId: string, userId: string, input: MarkNotificationsReadInput): Promise<{ unread: number }> {
      const ids = input.ids ? [...new Set(input.ids)] : undefined;
      await ctx.db.transaction().execute(async (trx) => {
        const inTrx = notificationsRepo(trx);
        if (ids && (await inTrx.countOwn(storeId, userId, ids)) !== ids.length) throw notFound(notificationMsg.notFound);
        await inTrx.markRead(storeId, userId, ids, clock.iso());
      });
      // The member's other tabs follow.
      notificationsChanged(ctx, storeId);
      return { unread: await repo.unread(storeId, userId, NOTIFICATION_LIMITS.unreadCap + 1) };
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      const p = await repo.preferences(userId);
      if (!p) throw notFound('Profilo non trovato');
      return p;
    },

    async savePreferences(userId: string, p: NotificationPreferences): Promise<NotificationPreferences> {
      if (!(await userProfiles.saveMailPreferences(ctx.db, userId, p))) throw notFound('Profilo non trovato');
      return p;
    },
  };
}
