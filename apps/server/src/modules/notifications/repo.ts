import type { Notification, NotificationKind, NotificationPreferences } from '@vetrina/shared/notifications';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared, type ReadFrom } from '../../db/prepared.js';
import { executorOf, writeIn, type WriteScope } from '../../db/write-scope.js';
import type { NotificationsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** A member of the store as the notices see them: who they are and which mails they get. */
export interface NotifiedMember {
  userId: string;
  email: string;
  /** Admins (the owner is one) who did not turn the mail off. */
  mailsOrders: boolean;
  mailsMessages: boolean;
}

export interface NotificationDraft {
  kind: NotificationKind;
  title: string;
  link: string;
}

export const toNotification = (n: NotificationsTable): Notification => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  link: n.link,
  createdAt: n.created_at,
  readAt: n.read_at,
});

// Read by every checkout and message: compiled once (db/prepared.ts).
const memberRows = prepared((db: Db, a: { storeId: string }) =>
  db
    .selectFrom('store_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('stores as s', 's.id', 'm.store_id')
    .select(['m.user_id', 'm.role', 's.owner_id', 'u.email', 'u.notify_order_mail', 'u.notify_message_mail'])
    .where('m.store_id', '=', a.storeId)
    .orderBy('m.created_at'),
);

/** Every member of the store, with the mails each one gets (read at once or with other reads). */
export async function membersOf(db: ReadFrom, storeId: string): Promise<NotifiedMember[]> {
  const rows = await memberRows.all(db, { storeId });
  return rows.map((r) => {
    const admin = r.role === 'admin' || r.owner_id === r.user_id;
    return { userId: r.user_id, email: r.email, mailsOrders: admin && r.notify_order_mail === 1, mailsMessages: admin && r.notify_message_mail === 1 };
  });
}

/**
 * One row per member, in the caller's scope (its transaction, or the checkout's batch), in one
 * statement (it runs in every checkout). The list was read before it: someone who left the team
 * meanwhile is skipped (their rows hang off the membership), by the membership check on each row.
 */
export async function insertNotifications(scope: WriteScope, storeId: string, memberIds: string[], draft: NotificationDraft, now: string) {
  if (!memberIds.length) return;
  // A list of (id, member) pairs both engines read the same way: a common table of VALUES.
  const pairs = memberIds.map((userId) => sql`(${newId()}, ${userId})`);
  const insert = sql`with v(id, user_id) as (values ${sql.join(pairs)})
    insert into notifications (id, store_id, user_id, kind, title, link, created_at, read_at)
    select v.id, ${storeId}, v.user_id, ${draft.kind}, ${draft.title}, ${draft.link}, ${now}, null from v
    where exists (select 1 from store_members m where m.store_id = ${storeId} and m.user_id = v.user_id)`;
  await writeIn(scope, [insert.compile(executorOf(scope))]);
}

export function notificationsRepo(db: Db) {
  return {
    /** Every member of the store, with the mails each one gets. */
    members: (storeId: string): Promise<NotifiedMember[]> => membersOf(db, storeId),

    /** One row per member, written at once (see `insertNotifications`). */
    insert: (storeId: string, memberIds: string[], draft: NotificationDraft, now: string) => insertNotifications(db, storeId, memberIds, draft, now),

    latest: (storeId: string, userId: string, limit: number) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('store_id', '=', storeId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** Unread ones, counted up to `cap` (a member who never opens the bell does not make it slow). */
    async unread(storeId: string, userId: string, cap: number): Promise<number> {
      const inner = db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('store_id', '=', storeId)
        .where('read_at', 'is', null)
        .limit(cap);
      const r = await db
        .selectFrom(inner.as('u'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** How many of `ids` are the member's own in this store. */
    async countOwn(storeId: string, userId: string, ids: string[]): Promise<number> {
      const r = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('store_id', '=', storeId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    async markRead(storeId: string, userId: string, ids: string[] | undefined, now: string) {
      let q = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('store_id', '=', storeId).where('read_at', 'is', null);
      if (ids) q = q.where('id', 'in', ids);
      await q.execute();
    },

    /** Drops the store's notifications older than `before`. */
    prune: (storeId: string, before: string) => db.deleteFrom('notifications').where('store_id', '=', storeId).where('created_at', '<', before).execute(),

    /** The member's notice-mail choices (stored on the profile, which the users module writes). */
    async preferences(userId: string): Promise<NotificationPreferences | null> {
      const r = await db.selectFrom('users').select(['notify_order_mail', 'notify_message_mail']).where('id', '=', userId).executeTakeFirst();
      return r ? { orderEmails: r.notify_order_mail === 1, messageEmails: r.notify_message_mail === 1 } : null;
    },
  };
}
