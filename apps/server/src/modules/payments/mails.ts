import { romeDateTime } from '@vetrina/shared/shop-day';
import { PAYOUT_FIELD_LABELS, keyHint, maskIban, type PayoutField } from '@vetrina/shared/payment-settings';
import { ibanChangeMsg } from '@vetrina/shared/iban-change';
import type { Mail } from '../mail/mailer.js';
import { layoutMail, type MailBrand } from '../mail/templates.js';

interface PayoutValues {
  iban: string;
  holder: string;
  secretKey: string;
  webhookSecret: string;
}

/** A new value as the mail may show it: never a whole IBAN or key, only what identifies it. */
function shown(field: PayoutField, v: PayoutValues): string {
  switch (field) {
    case 'bankTransfer.iban':
      return v.iban ? maskIban(v.iban) : 'rimosso';
    case 'bankTransfer.holder':
      return v.holder || 'rimosso';
    case 'card.secretKey':
      return keyHint(v.secretKey);
    case 'card.webhookSecret':
      return keyHint(v.webhookSecret);
  }
}

/**
 * To the owner and every admin: who changed where the store's money goes, when, and which fields
 * (docs/decisions/0036-payment-owner.md, 0055-fresh-proof.md). A changed IBAN says so in the subject.
 */
export function payoutChangedMail(o: {
  to: string;
  brand: MailBrand;
  changed: PayoutField[];
  values: PayoutValues;
  by: string;
  at: Date;
  settingsUrl: string;
}): Mail {
  const labels = o.changed.map((f) => PAYOUT_FIELD_LABELS[f]);
  return layoutMail({
    to: o.to,
    brand: o.brand,
    subject: o.changed.includes('bankTransfer.iban') ? ibanChangeMsg.subject(o.brand.name) : `Dati di pagamento modificati – ${o.brand.name}`,
    lines: [
      `${o.by} ha modificato i dati con cui lo store «${o.brand.name}» riceve i pagamenti, il ${romeDateTime(o.at)} (ora italiana).`,
      `Campi modificati: ${labels.join(', ')}. I nuovi valori:`,
    ],
    rows: o.changed.map((f) => [PAYOUT_FIELD_LABELS[f], shown(f, o.values)]),
    after: [
      'Se non riconosci questa modifica, avvisa subito il proprietario dello store: cambiate la password, controllate chi fa parte del team e ripristinate i dati in Impostazioni → Pagamenti.',
    ],
    action: { label: 'Apri Impostazioni → Pagamenti', url: o.settingsUrl },
  });
}
