import { z } from 'zod';
import { VISITOR_ID_PATTERN } from './constants.js';
import type { NotificationsChangedEvent } from './notifications.js';
import type { OrdersChangedEvent } from './stats.js';
import type { ErrorCode } from './errors.js';

export const MESSAGE_MAX = 2000;

export const contactMsg = {
  missing: 'Campi mancanti',
  email: 'Email non valida',
  emailHint: 'Inserisci un indirizzo email valido.',
  tooLong: `Il messaggio può contenere al massimo ${MESSAGE_MAX} caratteri`,
  empty: 'Il messaggio non può essere vuoto',
  tooMany: 'Hai inviato troppi messaggi. Riprova tra qualche minuto.',
} as const;

const required = (max: number, tooLong: string) => z.string({ error: contactMsg.missing }).trim().min(1, contactMsg.missing).max(max, tooLong);

/** The storefront contact form of a guest. */
export const contactSchema = z.strictObject({
  customerName: required(100, 'Il nome può contenere al massimo 100 caratteri'),
  customerEmail: required(255, contactMsg.email).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, contactMsg.email),
  message: required(MESSAGE_MAX, contactMsg.tooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** A reply or a chat message: non-empty after trimming, bounded. */
export const messageTextSchema = z.strictObject({
  message: z.string({ error: contactMsg.empty }).trim().min(1, contactMsg.empty).max(MESSAGE_MAX, contactMsg.tooLong),
});
export type MessageTextInput = z.infer<typeof messageTextSchema>;

export const replySchema = z.strictObject({
  response: z.string({ error: 'La risposta non può essere vuota' }).trim().min(1, 'La risposta non può essere vuota').max(MESSAGE_MAX, contactMsg.tooLong),
});
export type ReplyInput = z.infer<typeof replySchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  message: z.string(),
  response: z.string().nullable(),
  status: z.enum(['pending', 'responded']),
  isRead: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** The store side writes as 'store' (the spec shows two spellings; this is the only one accepted). */
const chatSender = z.enum(['customer', 'store']);
export type ChatSender = z.infer<typeof chatSender>;
export const chatMessageSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  userId: z.string(),
  message: z.string(),
  senderType: chatSender,
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const conversationSummarySchema = z.object({
  userId: z.string(),
  customerEmail: z.string(),
  lastMessage: z.string(),
  lastSenderType: chatSender,
  lastTime: z.string(),
  unreadCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const unreadCountsSchema = z.object({ contacts: z.number().int(), chat: z.number().int() });
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** A guest's contact message was received: only its id and time go back to the storefront. */
export const contactReceivedSchema = z.object({ message: z.object({ id: z.string(), createdAt: z.string() }) });
export const contactListSchema = z.object({ items: z.array(contactMessageSchema) });
export const contactResponseSchema = z.object({ message: contactMessageSchema });
export const conversationListSchema = z.object({ items: z.array(conversationSummarySchema) });
export const chatMessagesResponseSchema = z.object({ messages: z.array(chatMessageSchema) });
export const chatMessageResponseSchema = z.object({ message: chatMessageSchema });
export const presenceResponseSchema = z.object({ online: z.number().int() });

/** What the real-time socket says when it refuses or ends something (frames of type 'error'). */
export const realtimeMsg = {
  badFrame: 'Messaggio non valido',
  badVisitor: 'Identificativo del visitatore non valido',
  sessionInvalid: 'Sessione non valida',
  signedOut: 'Sessione terminata: accedi di nuovo',
  tokenExpired: 'Sessione scaduta: ricollegati',
  signInForUpdates: 'Accedi per ricevere gli aggiornamenti',
  signInForChat: 'Accedi per usare la chat',
  storeNotFound: 'Store non trovato',
  removedFromTeam: 'Non fai più parte del team di questo store',
  storeDeleted: 'Questo store è stato eliminato',
  tooManySubscriptions: 'Troppe sottoscrizioni',
  tooManyConnections: 'Troppe connessioni da questo indirizzo',
  tooManyStorefronts: 'Troppe vetrine aperte da questo indirizzo',
  tooManyFrames: 'Troppi messaggi: rallenta',
  retry: 'Riprova tra qualche istante',
  internal: 'Errore interno',
} as const;

/**
 * A random id the browser keeps for itself (no cookie, nothing personal) so the storefront's
 * "Online" counter counts one visitor with several tabs once.
 */
// The pattern lives with the plain constants (the storefront's presence code needs it without zod).
export { VISITOR_ID_PATTERN };
export const visitorIdSchema = z.string().regex(VISITOR_ID_PATTERN, realtimeMsg.badVisitor);

const slug = z.string().min(1).max(100);
const realtimeChannelSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('store'), storeId: z.string().min(1).max(100) }),
  z.strictObject({ kind: z.literal('chat'), slug }),
  z.strictObject({ kind: z.literal('storefront'), slug }),
]);

/** WebSocket protocol (`/api/realtime`), JSON frames. The server parses every client frame with this. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().max(4096) }),
  // visitorId only means something on a storefront subscription (the presence counter).
  z.strictObject({ type: z.literal('subscribe'), channel: realtimeChannelSchema, visitorId: visitorIdSchema.optional() }),
  z.strictObject({ type: z.literal('unsubscribe'), channel: realtimeChannelSchema }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type RealtimeChannel = z.infer<typeof realtimeChannelSchema>;
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type RealtimeEvent =
  | { type: 'contact.created'; message: ContactMessage }
  | { type: 'contact.updated'; message: ContactMessage }
  | { type: 'chat.message'; message: ChatMessage }
  | { type: 'chat.read'; storeId: string; userId: string }
  | { type: 'presence'; storeId: string; online: number }
  | NotificationsChangedEvent
  | OrdersChangedEvent;
export type ServerFrame =
  | { type: 'ready'; userId: string | null }
  | { type: 'subscribed'; channel: RealtimeChannel }
  | { type: 'event'; channel: RealtimeChannel; event: RealtimeEvent }
  | { type: 'error'; code: ErrorCode; message: string; channel?: RealtimeChannel }
  | { type: 'pong' };
