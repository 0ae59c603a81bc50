import { z } from 'zod';
import type { OrderStatus } from './constants.js';
import type { PaymentMethod } from './payments.js';

/**
 * Cash on delivery and pickup hold stock without any money changing hands: such an order waits
 * for the shopper's confirmation from the mail's link ('Da confermare'), beside its status and its
 * payment status, and gives its stock back when it is not confirmed in time.
 */
export const ORDER_CONFIRMATION = { holdHours: 2, maxAwaitingPerEmail: 3 } as const;
export const needsConfirmation = (method: PaymentMethod) => method === 'cod' || method === 'pickup';

/** 'awaiting': 'Da confermare'; 'confirmed' by the shopper or the team; 'expired': cancelled when the time ran out. */
export const ORDER_CONFIRMATION_STATES = ['awaiting', 'confirmed', 'expired'] as const;
export type OrderConfirmationState = (typeof ORDER_CONFIRMATION_STATES)[number];
export const ORDER_CONFIRMERS = ['shopper', 'team'] as const;
export type OrderConfirmer = (typeof ORDER_CONFIRMERS)[number];

export const confirmationMsg = {
  awaitingLabel: 'Da confermare',
  confirmedByShopper: 'Confermato dal cliente',
  confirmedByTeam: 'Confermato dal negozio',
  expired: `Annullato: non confermato entro ${ORDER_CONFIRMATION.holdHours} ore`,
  tooManyAwaiting: (max: number = ORDER_CONFIRMATION.maxAwaitingPerEmail) =>
    `Hai già ${max} ${max === 1 ? 'ordine' : 'ordini'} da confermare in questo negozio: conferma quelli dalla mail che ti abbiamo inviato o attendi che scadano.`,
  notAwaiting: 'Questo ordine non è da confermare.',
  tooLate: `L’ordine è stato annullato perché non è stato confermato entro ${ORDER_CONFIRMATION.holdHours} ore: se ti serve ancora, ordina di nuovo.`,
  cancelled: 'L’ordine è annullato: non si può più confermare.',
  badCode: 'Il link di conferma non è valido: aprilo di nuovo dalla mail dell’ordine.',
} as const;

/** The timeline's words for a confirmation event (its value: who confirmed, or 'expired'). */
export const confirmationEventLabel = (value: string): string =>
  value === 'shopper'
    ? confirmationMsg.confirmedByShopper
    : value === 'team'
      ? confirmationMsg.confirmedByTeam
      : value === 'expired'
        ? confirmationMsg.expired
        : value;

/** The order's confirmation; null for the methods that need none (bank transfer, card) and older orders. */
export const orderConfirmationSchema = z
  .object({
    state: z.enum(ORDER_CONFIRMATION_STATES),
    /** While awaiting: when the order is cancelled and its stock released. */
    dueAt: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    confirmedBy: z.enum(ORDER_CONFIRMERS).nullable(),
  })
  .nullable();
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

/** 'Da confermare' only while the order is open: a cancelled order has nothing left to confirm. */
export const isAwaitingConfirmation = (o: { status: OrderStatus; confirmation: OrderConfirmation }) =>
  o.confirmation?.state === 'awaiting' && o.status !== 'cancelled';

/** The secret of the confirmation mail's link (`#conferma=…`, 43 base64url characters like the order's token). */
export const orderConfirmationInputSchema = z.strictObject({
  code: z.string({ error: confirmationMsg.badCode }).regex(/^[A-Za-z0-9_-]{43}$/, confirmationMsg.badCode),
});
export type OrderConfirmationInput = z.infer<typeof orderConfirmationInputSchema>;
