import { z } from 'zod';

/** The merchant's 'Note interne' on an order: never shown to the shopper. */
export const ORDER_NOTE_MAX = 5000;

export const orderNoteMsg = {
  empty: 'Scrivi il testo della nota.',
  tooLong: 'La nota può avere al massimo 5.000 caratteri.',
} as const;

export const orderNoteInputSchema = z.strictObject({
  body: z.string({ error: orderNoteMsg.empty }).trim().min(1, orderNoteMsg.empty).max(ORDER_NOTE_MAX, orderNoteMsg.tooLong),
});
export type OrderNoteInput = z.infer<typeof orderNoteInputSchema>;

export const orderNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** The member's e-mail; null: the member's account no longer exists. */
  author: z.string().nullable(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** Who did something to an order, as the merchant's timeline names them. */
export const orderActorSchema = z.object({
  kind: z.enum(['member', 'shopper', 'system']),
  /** The member's e-mail, 'Cliente' or 'Sistema'. */
  label: z.string(),
});
export type OrderActor = z.infer<typeof orderActorSchema>;

export const ORDER_ACTOR_LABELS = { shopper: 'Cliente', system: 'Sistema', formerMember: 'Ex membro del team' } as const;

/** One line of the merchant's timeline (the shopper's page shows only status, payment and confirmation). */
export const merchantOrderEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['status', 'payment', 'confirmation', 'shipment', 'note', 'invoice', 'return', 'refund']),
  value: z.string(),
  label: z.string(),
  actor: orderActorSchema,
});
export type MerchantOrderEvent = z.infer<typeof merchantOrderEventSchema>;

export const orderNoteResponseSchema = z.object({ note: orderNoteSchema });
