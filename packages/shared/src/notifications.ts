import { z } from 'zod';
import { formatEuro } from './pricing.js';

/** What the bell and the notice mails are about (docs/decisions/0024-notifications.md). */
export const NOTIFICATION_KINDS = ['order', 'message', 'withdrawal'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LIMITS = {
  /** The bell lists the newest ones only. */
  listSize: 20,
  /** The unread count stops here: the badge shows '99+'. */
  unreadCap: 99,
  /** Older notifications are deleted. */
  keepDays: 90,
  /** At most this many ids in one 'mark read'. */
  markMax: 100,
  /** A chat message notifies only when the visitor had not written for this long. */
  chatQuietMinutes: 30,
} as const;

export const notificationMsg = {
  notFound: 'Notifica non trovata',
  idsInvalid: 'Elenco di notifiche non valido',
  preferencesInvalid: 'Preferenze non valide',
} as const;

/** One line of text as a title: a name typed by the public never breaks a mail header or the list. */
const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export const orderNotificationTitle = (orderNumber: number, totalCents: number) => `Nuovo ordine #${orderNumber} — ${formatEuro(totalCents)}`;
export const messageNotificationTitle = (customerName: string) => `Nuovo messaggio da ${oneLine(customerName, 80)}`;
/** A shopper's withdrawal (issue 48). */
export const withdrawalNotificationTitle = (orderNumber: number, customerName: string) => `Recesso dall’ordine #${orderNumber} di ${oneLine(customerName, 80)}`;
export const chatNotificationTitle = (visitor: string) => `Nuovo messaggio in chat da ${oneLine(visitor, 80)}`;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  /** A dashboard path ('/dashboard/orders?search=12', '/dashboard/messages'). */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The caller's newest notifications in the store and how many are unread (capped at unreadCap). */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Without ids: every notification of the caller in the store. */
export const markNotificationsReadSchema = z.strictObject({
  ids: z
    .array(z.string({ error: notificationMsg.idsInvalid }).min(1, notificationMsg.idsInvalid).max(64, notificationMsg.idsInvalid), {
      error: notificationMsg.idsInvalid,
    })
    .min(1, notificationMsg.idsInvalid)
    .max(NOTIFICATION_LIMITS.markMax, notificationMsg.idsInvalid)
    .optional(),
});
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

export const markNotificationsReadResponseSchema = z.object({ unread: z.number().int().min(0) });

/** The member's own choice, for every store where they are an admin (staff get no notice mails). */
export const notificationPreferencesSchema = z.strictObject({
  orderEmails: z.boolean({ error: notificationMsg.preferencesInvalid }),
  messageEmails: z.boolean({ error: notificationMsg.preferencesInvalid }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesResponseSchema = z.object({ preferences: notificationPreferencesSchema });

/** On the store's real-time topic: the members' notifications changed, refetch (it carries nothing else). */
export interface NotificationsChangedEvent {
  type: 'notifications.changed';
  storeId: string;
}
