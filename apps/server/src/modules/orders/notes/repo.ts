import type { OrderNote } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import { newId } from '../../../lib/ids.js';

/** The only SQL that writes `order_notes` (the team's 'Note interne'). */
export function orderNotesRepo(db: Db) {
  const repo = {
    /** Adds a note and its line in the timeline, in the caller's transaction. */
    async add(note: { storeId: string; orderId: string; authorId: string; body: string; at: string }): Promise<string> {
      const id = newId();
      await db
        .insertInto('order_notes')
        .values({ id, store_id: note.storeId, order_id: note.orderId, author_user_id: note.authorId, body: note.body, created_at: note.at })
        .execute();
      await db
        .insertInto('order_events')
        .values({ id: newId(), order_id: note.orderId, kind: 'note', value: id, created_at: note.at, actor_user_id: note.authorId })
        .execute();
      return id;
    },

    /** The order's notes with their author's e-mail, oldest first. */
    async list(orderId: string): Promise<OrderNote[]> {
      const rows = await db
        .selectFrom('order_notes as n')
        .leftJoin('users as u', 'u.id', 'n.author_user_id')
        .select(['n.id', 'n.body', 'n.created_at', 'u.email'])
        .where('n.order_id', '=', orderId)
        .orderBy('n.created_at')
        .orderBy('n.id')
        .execute();
      return rows.map((r) => ({ id: r.id, body: r.body, createdAt: r.created_at, author: r.email ?? null }));
    },

    /** A line of the merchant's timeline for a team action that changes no status (a tracking correction). */
    async recordTeamEvent(e: { orderId: string; kind: 'shipment'; value: string; actorId: string; at: string }): Promise<void> {
      await db
        .insertInto('order_events')
        .values({ id: newId(), order_id: e.orderId, kind: e.kind, value: e.value, created_at: e.at, actor_user_id: e.actorId })
        .execute();
    },
  };
  return repo;
}

export type OrderNotesRepo = ReturnType<typeof orderNotesRepo>;
