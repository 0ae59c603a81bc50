import type { Selectable } from 'kysely';
import { DISCOUNT_KIND_LABELS, formatEuro } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { DiscountCodesTable } from '../../db/schema.js';
import { audit, changedFields, type AuditActor } from '../audit/service.js';

type Terms = Pick<
  Selectable<DiscountCodesTable>,
  'code' | 'kind' | 'value' | 'min_order_cents' | 'starts_at' | 'ends_at' | 'max_uses' | 'max_uses_per_email' | 'active'
>;

/** The form's names for a code's terms. */
const LABELS = {
  code: 'Codice',
  kind: 'Tipo',
  value: 'Valore',
  min_order_cents: 'Ordine minimo',
  starts_at: 'Valido dal',
  ends_at: 'Valido fino al',
  max_uses: 'Utilizzi totali',
  max_uses_per_email: 'Utilizzi per email',
  active: 'Codice utilizzabile',
};

/** A code's terms as the log shows them ('20%', '5,00 €', 'Sì'); empty limits are no value. */
const asText = (t: Terms): Record<string, string | null> => ({
  code: t.code,
  kind: DISCOUNT_KIND_LABELS[t.kind],
  value: t.kind === 'percent' ? `${Number(t.value)}%` : formatEuro(Number(t.value)),
  min_order_cents: Number(t.min_order_cents) ? formatEuro(Number(t.min_order_cents)) : null,
  starts_at: t.starts_at,
  ends_at: t.ends_at,
  max_uses: t.max_uses === null ? null : String(t.max_uses),
  max_uses_per_email: t.max_uses_per_email === null ? null : String(t.max_uses_per_email),
  active: t.active ? 'Sì' : 'No',
});

const none: Record<string, null> = Object.fromEntries(Object.keys(LABELS).map((k) => [k, null]));

/** Codici sconto in 'Registro attività' (kind 'discounts'), in the transaction of the change. */
export const discountAudit = {
  async created(trx: Db, actor: AuditActor, id: string, t: Terms) {
    await audit.record(trx, actor, {
      kind: 'discounts',
      action: 'discounts.created',
      summary: `Codice sconto ${t.code} creato`,
      subject: { type: 'discount', id, label: t.code },
      changes: changedFields(none, asText(t), LABELS),
    });
  },

  /** Only the terms that changed; a save that changed nothing leaves no entry. */
  async changed(trx: Db, actor: AuditActor, id: string, before: Terms, after: Terms) {
    const changes = changedFields(asText(before), asText(after), LABELS);
    if (!changes.length) return;
    const disabled = Boolean(before.active) && !after.active;
    await audit.record(trx, actor, {
      kind: 'discounts',
      action: disabled ? 'discounts.disabled' : 'discounts.changed',
      summary: disabled ? `Codice sconto ${after.code} disattivato` : `Codice sconto ${after.code} modificato`,
      subject: { type: 'discount', id, label: after.code },
      changes,
    });
  },

  async deleted(trx: Db, actor: AuditActor, id: string, before: Terms) {
    await audit.record(trx, actor, {
      kind: 'discounts',
      action: 'discounts.deleted',
      summary: `Codice sconto ${before.code} eliminato`,
      subject: { type: 'discount', id, label: before.code },
      changes: changedFields(asText(before), none, LABELS),
    });
  },
};
