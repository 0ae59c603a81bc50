import type { ContactInput } from '@vetrina/shared';
import type { DashboardStats } from '@vetrina/shared/stats';
import type { Db } from '../../db/index.js';
import { contactMsg } from '@vetrina/shared';
import { NOTIFICATION_LIMITS, chatNotificationTitle, messageNotificationTitle } from '@vetrina/shared/notifications';
import type { AppContext } from '../../lib/context.js';
import { notFound, rateLimited } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { layoutMail } from '../mail/templates.js';
import { topics } from '../realtime/bus.js';
import { storeBySlug as findStoreBySlug } from '../tenancy/service.js';
import { messagesRepo, toChat, toContact } from './repo.js';
import { storeMailBrand } from '../stores/service.js';
import { noticeAudience, notificationsChanged } from '../notifications/service.js';
import { queueMessageNotice, type MessageAudience } from '../notifications/mails.js';

const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60_000 };
const CHAT_LIMIT = { max: 30, windowMs: 60_000 };

export function messagesService(ctx: AppContext) {
  const repo = messagesRepo(ctx.db);

  async function limit(key: string, l: { max: number; windowMs: number }) {
    const hit = await ctx.limiter.incr(key, l.windowMs);
    if (hit.count > l.max) throw rateLimited(contactMsg.tooMany, hit.resetMs, 'Troppi messaggi');
  }
  async function storeBySlug(slug: string) {
    const s = await findStoreBySlug(ctx.db, slug);
    if (!s) throw notFound('Store non trovato');
    return s;
  }
  const publish = (topic: string, event: Parameters<typeof ctx.bus.publish>[1]) =>
    ctx.bus.publish(topic, event).catch((err) => ctx.log.error({ err }, 'realtime publish failed'));
  // Read before the message's transaction, as the checkout does: it only holds the write lock briefly.
  const audienceOf = async (storeId: string): Promise<MessageAudience> => {
    const [brand, members] = await Promise.all([storeMailBrand(ctx, ctx.db, storeId), noticeAudience(ctx.db, storeId)]);
    return { brand, members };
  };
  /** A visitor's chat notifies the team only when they had been quiet a while: one notice per conversation, not per line. */
  async function startsConversation(storeId: string, visitorId: string) {
    const last = await repo.lastCustomerChatAt(storeId, visitorId);
    return !last || Date.parse(last) < clock.nowMs() - NOTIFICATION_LIMITS.chatQuietMinutes * 60_000;
  }

  return {
    storeBySlug,

    contacts: async (storeId: string) => (await repo.contacts(storeId)).map(toContact),
    conversation: (storeId: string, userId: string) => repo.conversation(storeId, userId),
    conversations: (storeId: string) => repo.conversations(storeId),
    unread: (storeId: string) => repo.unread(storeId),

    /** A conversation exists once the visitor or the store wrote in it. */
    async requireConversation(storeId: string, userId: string) {
      if (!(await repo.hasConversation(storeId, userId))) throw notFound('Conversazione non trovata');
    },

    async createContact(slug: string, input: ContactInput, ip: string) {
      const store = await storeBySlug(slug);
      await limit(`contact:${store.id}:${ip}`, CONTACT_LIMIT);
      const now = clock.iso();
      const row = {
        id: newId(),
        store_id: store.id,
        customer_name: input.customerName,
        customer_email: input.customerEmail.toLowerCase(),
        message: input.message,
        response: null,
        status: 'pending' as const,
        is_read: 0,
        created_at: now,
        updated_at: now,
      };
      const audience = await audienceOf(store.id);
      await ctx.db.transaction().execute(async (trx) => {
        await messagesRepo(trx).insertContact(row);
        await queueMessageNotice(ctx, trx, store.id, audience, {
          title: messageNotificationTitle(row.customer_name),
          intro: `${row.customer_name} (${row.customer_email}) ha scritto a ${audience.brand.name}:`,
          text: row.message,
        });
      });
      ctx.mailer.wake();
      notificationsChanged(ctx, store.id);
      await publish(topics.store(store.id), { type: 'contact.created', message: toContact(row) });
      return toContact(row);
    },

    async markContactRead(storeId: string, id: string) {
      const m = await repo.contact(storeId, id);
      if (!m) throw notFound('Messaggio non trovato');
      if (m.is_read === 1) return toContact(m);
      const updated = { ...m, is_read: 1, updated_at: clock.iso() };
      await repo.markContactRead(storeId, id, updated.updated_at);
      await publish(topics.store(storeId), { type: 'contact.updated', message: toContact(updated) });
      return toContact(updated);
    },

    /** Saves the reply, marks the message responded and e-mails it to the customer. */
    async replyToContact(storeId: string, id: string, response: string) {
      const m = await repo.contact(storeId, id);
      if (!m) throw notFound('Messaggio non trovato');
      const storeName = await repo.storeName(storeId);
      const updated = { ...m, response, status: 'responded' as const, is_read: 1, updated_at: clock.iso() };
      await repo.saveReply(storeId, id, response, updated.updated_at);
      await ctx.mailer.send(
        layoutMail({
          to: m.customer_email,
          subject: `Risposta da ${storeName}`,
          lines: [`Ciao ${m.customer_name},`, response, '—', `Il tuo messaggio: ${m.message}`],
        }),
      );
      await publish(topics.store(storeId), { type: 'contact.updated', message: toContact(updated) });
      return toContact(updated);
    },

    async sendChat(storeId: string, userId: string, sender: 'customer' | 'store', text: string) {
      if (sender === 'customer') await limit(`chat:${storeId}:${userId}`, CHAT_LIMIT);
      const row = { id: newId(), store_id: storeId, user_id: userId, message: text, sender_type: sender, is_read: 0, created_at: clock.iso() };
      const notify = sender === 'customer' && (await startsConversation(storeId, userId));
      if (!notify) await repo.insertChat(row);
      else {
        const [audience, visitorEmail] = await Promise.all([audienceOf(storeId), repo.visitorEmail(userId)]);
        const who = visitorEmail ?? 'un visitatore';
        await ctx.db.transaction().execute(async (trx) => {
          await messagesRepo(trx).insertChat(row);
          await queueMessageNotice(ctx, trx, storeId, audience, {
            title: chatNotificationTitle(who),
            intro: `${who} ha scritto nella chat di ${audience.brand.name}:`,
            text,
          });
        });
        ctx.mailer.wake();
        notificationsChanged(ctx, storeId);
      }
      const event = { type: 'chat.message' as const, message: toChat(row) };
      await Promise.all([publish(topics.store(storeId), event), publish(topics.chat(storeId, userId), event)]);
      return toChat(row);
    },

    /** Opening a conversation marks the customer's messages read. */
    async markConversationRead(storeId: string, userId: string) {
      await repo.markConversationRead(storeId, userId);
      await publish(topics.store(storeId), { type: 'chat.read', storeId, userId });
    },
  };
}
export type MessagesService = ReturnType<typeof messagesService>;

const LATEST_MESSAGES = 5;

/** The home's 'Ultimi messaggi': the newest contact-form messages and chats together, newest first. */
export async function latestMessages(db: Db, storeId: string): Promise<DashboardStats['latestMessages']> {
  const messages = messagesRepo(db);
  const [contacts, chats] = await Promise.all([messages.contacts(storeId), messages.conversations(storeId)]);
  return [
    ...contacts
      .slice(0, LATEST_MESSAGES)
      .map((m) => ({ kind: 'contact' as const, id: m.id, from: m.customer_name, text: m.message, createdAt: m.created_at, unread: m.is_read === 0 })),
    ...chats
      .slice(0, LATEST_MESSAGES)
      .map((c) => ({ kind: 'chat' as const, id: c.userId, from: c.customerEmail, text: c.lastMessage, createdAt: c.lastTime, unread: c.unreadCount > 0 })),
  ]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, LATEST_MESSAGES);
}

/** The latest messages one shopper sent the store ('Contattaci'), as a return's page shows them. */
export async function messagesFromShopper(db: Db, storeId: string, email: string) {
  const rows = await messagesRepo(db).contactsFrom(storeId, email, 10);
  return rows.map((m) => ({ id: m.id, body: m.message, response: m.response, createdAt: m.created_at }));
}
