import { formatEuro, type AuditChange } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { audit, changedFields, type AuditActor } from '../audit/service.js';

/** A product's or a variant's price fields as stored (cents). */
type PriceFields = { price_cents?: number; price_delta_cents?: number; compare_at_cents: number | null };

const PRODUCT_LABELS = { price_cents: 'Prezzo', compare_at_cents: 'Prezzo pieno' };
const VARIANT_LABELS = { price_delta_cents: 'Differenza di prezzo', compare_at_cents: 'Prezzo pieno' };

/** Euro text for 'Registro attività' ('12,90 €'; a variant's difference signed: '+2,00 €'). */
function asEuro(fields: PriceFields): Record<string, string | null> {
  const delta = fields.price_delta_cents;
  return {
    ...(fields.price_cents !== undefined ? { price_cents: formatEuro(fields.price_cents) } : {}),
    ...(delta !== undefined ? { price_delta_cents: `${delta > 0 ? '+' : ''}${formatEuro(delta)}` } : {}),
    compare_at_cents: fields.compare_at_cents === null ? null : formatEuro(fields.compare_at_cents),
  };
}

/** One product's or variant's changed prices. */
export interface PriceChange {
  subject: { type: 'product' | 'variant'; id: string; label: string };
  changes: AuditChange[];
}

/** Changes listed in the one entry of a CSV import; the summary counts them all. */
const IMPORT_CHANGES_LISTED = 100;

const prezzi = (n: number) => (n === 1 ? '1 prezzo modificato' : `${n} prezzi modificati`);

/**
 * The price changes of one write (a form's save, a whole CSV import), collected by the catalogue's
 * update steps and recorded by the use case in the same transaction (kind 'prices').
 */
export class PriceLog {
  readonly items: PriceChange[] = [];

  product(p: { id: string; title: string }, before: PriceFields, after: PriceFields) {
    this.add({ type: 'product', id: p.id, label: p.title }, changedFields(asEuro(before), asEuro(after), PRODUCT_LABELS));
  }

  variant(v: { id: string; label: string; productTitle: string }, before: PriceFields, after: PriceFields) {
    this.add({ type: 'variant', id: v.id, label: `${v.productTitle} — ${v.label}` }, changedFields(asEuro(before), asEuro(after), VARIANT_LABELS));
  }

  private add(subject: PriceChange['subject'], changes: AuditChange[]) {
    if (changes.length) this.items.push({ subject, changes });
  }

  /** One entry per product or variant whose prices changed ('Prezzo modificato: Maglia blu'). */
  async record(trx: Db, actor: AuditActor): Promise<void> {
    for (const { subject, changes } of this.items) {
      await audit.record(trx, actor, { kind: 'prices', action: 'catalog.price_changed', summary: `Prezzo modificato: ${subject.label}`, subject, changes });
    }
  }

  /**
   * A CSV import: one entry for the whole file ('Importazione CSV: 12 prezzi modificati'), listing
   * the first IMPORT_CHANGES_LISTED changes, each named by its product or variant.
   */
  async recordImport(trx: Db, actor: AuditActor): Promise<void> {
    if (!this.items.length) return;
    const changes = this.items
      .flatMap(({ subject, changes }) =>
        changes.map((c) => ({ ...c, field: `${subject.type}:${subject.id}:${c.field}`, label: `${c.label} — ${subject.label}` })),
      )
      .slice(0, IMPORT_CHANGES_LISTED);
    await audit.record(trx, actor, { kind: 'prices', action: 'csv.prices_imported', summary: `Importazione CSV: ${prezzi(this.items.length)}`, changes });
  }
}
