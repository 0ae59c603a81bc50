import { formatEuro } from '@vetrina/shared';
import { maskIban } from '@vetrina/shared/payment-settings';
import { changedFields } from '../audit/service.js';
import type { StoredSettings } from './service.js';

/** What 'Registro attività' shows of the payment settings, by the field's Italian name. */
const LABELS = {
  bankOn: 'Bonifico bancario',
  iban: 'IBAN',
  holder: 'Intestatario del conto',
  bank: 'Banca',
  deadlineDays: 'Giorni per il bonifico',
  codOn: 'Contrassegno',
  codSurcharge: 'Supplemento contrassegno',
  codMax: 'Importo massimo in contrassegno',
  pickupOn: 'Ritiro in negozio',
  pickupAddress: 'Indirizzo di ritiro',
  pickupHours: 'Orari di ritiro',
  cardOn: 'Carta (Stripe)',
  secretKey: 'Chiave segreta Stripe',
  webhookSecret: 'Segreto del webhook Stripe',
};

const onOff = (on: boolean) => (on ? 'attivo' : 'disattivato');

/**
 * Before → after of a save: the IBAN masked ('IT•• •••• … 1234'), Stripe's keys only as
 * 'modificato', never their values (the stored row keeps them sealed).
 */
export function paymentChanges(
  before: { settings: StoredSettings; secretKey: string | null; webhookSecret: string | null },
  after: { settings: StoredSettings; secretKey: string | null; webhookSecret: string | null },
) {
  const flat = (x: typeof before) => {
    const s = x.settings;
    return {
      bankOn: onOff(s.bankTransfer.enabled),
      iban: maskIban(s.bankTransfer.iban),
      // Two IBANs with the same ends mask alike: the change still shows, as 'modificato'.
      ibanRaw: s.bankTransfer.iban,
      holder: s.bankTransfer.holder,
      bank: s.bankTransfer.bank,
      deadlineDays: s.bankTransfer.deadlineDays,
      codOn: onOff(s.cod.enabled),
      codSurcharge: formatEuro(s.cod.surchargeCents),
      codMax: s.cod.maxTotalCents === null ? null : formatEuro(s.cod.maxTotalCents),
      pickupOn: onOff(s.pickup.enabled),
      pickupAddress: s.pickup.address,
      pickupHours: s.pickup.hours,
      cardOn: onOff(s.card.enabled),
      secretKey: x.secretKey,
      webhookSecret: x.webhookSecret,
    };
  };
  const b = flat(before);
  const a = flat(after);
  const changes = changedFields(b, a, LABELS, ['secretKey', 'webhookSecret']);
  if (b.ibanRaw !== a.ibanRaw && b.iban === a.iban) changes.push({ field: 'iban', label: LABELS.iban, before: b.iban || null, after: 'modificato' });
  return changes;
}
