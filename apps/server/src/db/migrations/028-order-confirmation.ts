import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/** Frozen copy of canonicalEmail (packages/shared/src/email-canonical.ts) as of this migration. */
function canonical(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    domain = 'gmail.com';
    local = local.replace(/\./g, '') || local;
  }
  return `${local}@${domain}`;
}

/**
 * Orders that wait for the shopper's confirmation (docs/decisions/0037-order-confirmation.md):
 * - `confirmation`: null (bank transfer, card, older orders), 'awaiting', 'confirmed', 'expired';
 *   `confirmation_due_at` while awaiting; `confirmation_code_hash`, the SHA-256 of the secret that
 *   only the confirmation mail carries (the checkout's answer gives the order page's token, so that
 *   token alone must not confirm); who confirmed and when.
 * - `customer_email_key`: the address in its canonical form, for the per-address cap.
 * - The discount uses' addresses in that same form, so `+tags` and Gmail dots count as one shopper.
 */
export async function up(db: Db): Promise<void> {
  for (const column of [
    'confirmation',
    'confirmation_due_at',
    'confirmation_code_hash',
    'confirmed_at',
    'confirmed_by',
    'confirmed_by_user_id',
    'customer_email_key',
  ]) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
  // The expiry job's batch: awaiting orders by deadline.
  await db.schema
    .createIndex('orders_confirmation_due_idx')
    .on('orders')
    .column('confirmation_due_at')
    .where(sql.ref('confirmation'), '=', 'awaiting')
    .execute();
  // The per-address cap and the dashboard's 'Da confermare' count.
  await db.schema
    .createIndex('orders_awaiting_email_idx')
    .on('orders')
    .columns(['store_id', 'customer_email_key'])
    .where(sql.ref('confirmation'), '=', 'awaiting')
    .execute();

  const uses = await db.selectFrom('discount_redemptions').select(['id', 'email']).execute();
  for (const u of uses as Array<{ id: string; email: string }>) {
    const key = canonical(u.email);
    if (key !== u.email) await db.updateTable('discount_redemptions').set({ email: key }).where('id', '=', u.id).execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_awaiting_email_idx').ifExists().execute();
  await db.schema.dropIndex('orders_confirmation_due_idx').ifExists().execute();
  for (const column of [
    'customer_email_key',
    'confirmed_by_user_id',
    'confirmed_by',
    'confirmed_at',
    'confirmation_code_hash',
    'confirmation_due_at',
    'confirmation',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
