import { z } from 'zod';
import './zod-it.js';

/**
 * 'Primi passi' on a new store's home (docs/decisions/0047-setup-guide.md): the steps tick
 * themselves from the store's data; only 'visited' and 'dismissed' are stored for their own sake.
 */
export const SETUP_STEPS = ['product', 'payments', 'shipping', 'business', 'legal', 'visit'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_STEP_LABELS: Record<SetupStep, string> = {
  product: 'Aggiungi un prodotto',
  payments: 'Scegli i metodi di pagamento',
  shipping: 'Imposta le spedizioni',
  business: 'Compila i dati aziendali',
  legal: 'Rivedi le pagine legali',
  visit: 'Visita il tuo store',
};

export const storeSetupSchema = z.strictObject({
  steps: z.array(z.strictObject({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
  done: z.number().int(),
  total: z.number().int(),
  dismissed: z.boolean(),
});
export type StoreSetup = z.infer<typeof storeSetupSchema>;

export const setupDismissedSchema = z.strictObject({
  dismissed: z.boolean({ error: 'Indica se nascondere la guida (vero o falso)' }),
});
export type SetupDismissedInput = z.infer<typeof setupDismissedSchema>;
