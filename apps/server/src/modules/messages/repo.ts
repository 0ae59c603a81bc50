import { sql } from 'kysely';
import type { ChatMessage, ContactMessage, ConversationSummary } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { ChatMessagesTable, StoreMessagesTable } from '../../db/schema.js';

type ContactRow = StoreMessagesTable;
type ChatRow = ChatMessagesTable;

/** Lists are bounded (the spec shows them without paging). */
export const LIST_LIMIT = 200;

export const toContact = (m: StoreMessagesTable): ContactMessage => ({
  id: m.id,
  customerName: m.customer_name,
  customerEmail: m.customer_email,
  message: m.message,
  response: m.response,
  status: m.status,
  isRead: m.is_read === 1,
  createdAt: m.created_at,
  updatedAt: m.updated_at,
});

export const toChat = (m: ChatMessagesTable): ChatMessage => ({
  id: m.id,
  storeId: m.store_id,
  userId: m.user_id,
  message: m.message,
  senderType: m.sender_type,
  isRead: m.is_read === 1,
  createdAt: m.created_at,
});

export function messagesRepo(db: Db) {
  return {
    contacts: (storeId: string) =>
      db
        .selectFrom('store_messages')
        .selectAll()
        .where('store_id', '=', storeId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LIST_LIMIT)
        .execute(),
    /** What one address wrote to the store through 'Contattaci', newest first (case ignored). */
    contactsFrom: (storeId: string, email: string, limit: number) =>
      db
        .selectFrom('store_messages')
        .select(['id', 'message', 'response', 'created_at'])
        .where('store_id', '=', storeId)
        .where((eb) => eb(eb.fn('lower', ['customer_email']), '=', email.toLowerCase()))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    contact: (storeId: string, id: string) =>
      db.selectFrom('store_messages').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst(),

    /** One visitor's conversation with a store, oldest first (the latest LIST_LIMIT messages). */
    async conversation(storeId: string, userId: string): Promise<ChatMessage[]> {
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return rows.reverse().map(toChat);
    },

    /** Each visitor who chatted with the store: last message, its time, unread customer messages. */
    async conversations(storeId: string): Promise<ConversationSummary[]> {
      const rows = await db
        .selectFrom('chat_messages as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select([
          'c.user_id',
          'u.email',
          'c.message',
          'c.sender_type',
          'c.created_at',
          sql<number>`(select count(*) from chat_messages x where x.store_id = c.store_id and x.user_id = c.user_id and x.sender_type = 'customer' and x.is_read = 0)`.as(
            'unread',
          ),
        ])
        .where('c.store_id', '=', storeId)
        .where(
          'c.id',
          '=',
          sql<string>`(select y.id from chat_messages y where y.store_id = c.store_id and y.user_id = c.user_id order by y.created_at desc, y.id desc limit 1)`,
        )
        .orderBy('c.created_at', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map((r) => ({
        userId: r.user_id,
        customerEmail: r.email,
        lastMessage: r.message,
        lastSenderType: r.sender_type,
        lastTime: r.created_at,
        unreadCount: Number(r.unread),
      }));
    },

    async unread(storeId: string) {
      const [contacts, chat] = await Promise.all([
        db
          .selectFrom('store_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('store_id', '=', storeId)
          .where('is_read', '=', 0)
          .executeTakeFirst(),
        db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('store_id', '=', storeId)
          .where('sender_type', '=', 'customer')
          .where('is_read', '=', 0)
          .executeTakeFirst(),
      ]);
      return { contacts: Number(contacts?.n ?? 0), chat: Number(chat?.n ?? 0) };
    },
    insertContact: (row: ContactRow) => db.insertInto('store_messages').values(row).execute(),

    markContactRead: (storeId: string, id: string, at: string) =>
      db.updateTable('store_messages').set({ is_read: 1, updated_at: at }).where('id', '=', id).where('store_id', '=', storeId).execute(),

    saveReply: (storeId: string, id: string, response: string, at: string) =>
      db
        .updateTable('store_messages')
        .set({ response, status: 'responded', is_read: 1, updated_at: at })
        .where('id', '=', id)
        .where('store_id', '=', storeId)
        .execute(),

    insertChat: (row: ChatRow) => db.insertInto('chat_messages').values(row).execute(),

    /** When the visitor last wrote to the store, or undefined. */
    lastCustomerChatAt: async (storeId: string, userId: string) =>
      (
        await db
          .selectFrom('chat_messages')
          .select('created_at')
          .where('store_id', '=', storeId)
          .where('user_id', '=', userId)
          .where('sender_type', '=', 'customer')
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst()
      )?.created_at,

    hasConversation: async (storeId: string, userId: string) =>
      !!(await db.selectFrom('chat_messages').select('id').where('store_id', '=', storeId).where('user_id', '=', userId).limit(1).executeTakeFirst()),

    markConversationRead: (storeId: string, userId: string) =>
      db
        .updateTable('chat_messages')
        .set({ is_read: 1 })
        .where('store_id', '=', storeId)
        .where('user_id', '=', userId)
        .where('sender_type', '=', 'customer')
        .where('is_read', '=', 0)
        .execute(),

    visitorEmail: async (userId: string) => (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email,

    storeName: async (storeId: string) => (await db.selectFrom('stores').select('name').where('id', '=', storeId).executeTakeFirstOrThrow()).name,
  };
}
export type MessagesRepo = ReturnType<typeof messagesRepo>;
