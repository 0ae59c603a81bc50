import type { Kysely } from 'kysely';

type Db = Kysely<any>;

const PARTS = ['street', 'postal_code', 'city', 'province'] as const;

/** A frozen copy of the footer's one-line seat (packages/shared `sellerAddressLine`). */
function addressLine(r: { street: string; postal_code: string; city: string; province: string }): string {
  const place = [r.postal_code, r.city].filter(Boolean).join(' ') + (r.province ? ` (${r.province})` : '');
  return [r.street, place.trim()].filter(Boolean).join(', ');
}

/**
 * The seller's seat is typed once, in the business details (docs/decisions/0044-settings-sections.md):
 * - `store_business_details` gains street, postal_code, city, province; `address` stays as the
 *   one-line text the storefront's footer and the legal pages show, written from the parts.
 * - A store that gave the seat in the invoice settings keeps it (it is the structured one);
 *   one that only typed the old free text keeps that text as its street, so nothing shown changes.
 * - `store_invoice_settings` loses its copy of the address.
 */
export async function up(db: Db): Promise<void> {
  for (const part of PARTS) {
    await db.schema
      .alterTable('store_business_details')
      .addColumn(part, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }

  const invoiceSeats = await db
    .selectFrom('store_invoice_settings')
    .select(['store_id', 'street', 'postal_code', 'city', 'province', 'updated_at'])
    .where('street', '!=', '')
    .execute();
  for (const s of invoiceSeats) {
    const seat = { street: s.street, postal_code: s.postal_code, city: s.city, province: s.province };
    await db
      .insertInto('store_business_details')
      .values({ store_id: s.store_id, ...seat, address: addressLine(seat), updated_at: s.updated_at })
      .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...seat, address: addressLine(seat) }))
      .execute();
  }
  await db
    .updateTable('store_business_details')
    .set((eb) => ({ street: eb.ref('address') }))
    .where('street', '=', '')
    .where('address', '!=', '')
    .execute();

  for (const part of PARTS) await db.schema.alterTable('store_invoice_settings').dropColumn(part).execute();
}

export async function down(db: Db): Promise<void> {
  for (const part of PARTS) {
    await db.schema
      .alterTable('store_invoice_settings')
      .addColumn(part, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  const seats = await db
    .selectFrom('store_business_details')
    .select(['store_id', ...PARTS])
    .where('postal_code', '!=', '')
    .execute();
  for (const { store_id, ...seat } of seats) {
    await db.updateTable('store_invoice_settings').set(seat).where('store_id', '=', store_id).execute();
  }
  for (const part of PARTS) await db.schema.alterTable('store_business_details').dropColumn(part).execute();
}
