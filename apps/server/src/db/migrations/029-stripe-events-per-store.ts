import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Stripe event ids are unique within one Stripe account, and each store has its own: the ledger of
 * applied events is keyed by (store, event id), so a merchant who sends their webhook an event id
 * another store will later receive no longer makes that store ignore it (issue 45). The table is
 * rebuilt (SQLite cannot change a primary key in place); the rows applied so far are kept.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('stripe_events_next')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stripe_events_pk', ['store_id', 'event_id'])
    .execute();
  await swap(db, 'id', 'event_id');
}

export async function down(db: Db): Promise<void> {
  // Back to one row per event id: of two stores' rows for one id, the first received stays.
  await db
    .deleteFrom('stripe_events as e')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('stripe_events as f')
          .select(sql.lit(1).as('x'))
          .whereRef('f.event_id', '=', 'e.event_id')
          .where((w) =>
            w.or([
              w('f.received_at', '<', w.ref('e.received_at')),
              w.and([w('f.received_at', '=', w.ref('e.received_at')), w('f.store_id', '<', w.ref('e.store_id'))]),
            ]),
          ),
      ),
    )
    .execute();
  await db.schema
    .createTable('stripe_events_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await swap(db, 'event_id', 'id');
}

/** Copies the applied events into the new table, which then takes the old one's name. */
async function swap(db: Db, from: string, to: string): Promise<void> {
  await db
    .insertInto('stripe_events_next')
    .columns([to, 'store_id', 'type', 'received_at'])
    .expression(db.selectFrom('stripe_events').select([sql.ref(from).as(to), 'store_id', 'type', 'received_at']))
    .execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.alterTable('stripe_events_next').renameTo('stripe_events').execute();
}
