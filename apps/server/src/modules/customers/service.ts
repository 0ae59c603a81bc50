import { CUSTOMER_CSV_COLUMNS, customerMsg, type CustomerDetail, type CustomerListFilter } from '@vetrina/shared/customers';
import { romeDateTime } from '@vetrina/shared/shop-day';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { audit, type AuditActor } from '../audit/service.js';
import type { CsvDialect } from '../csv/dialect.js';
import { customersRepo } from './repo.js';

/** Customers read per round trip while the CSV streams. */
const EXPORT_PAGE = 500;
/** The detail shows the latest orders and messages; the totals always cover them all. */
const DETAIL_ORDERS = 100;
const DETAIL_MESSAGES = 50;

/** 'Clienti' (docs/decisions/0048-customers.md): the store's shoppers by e-mail, from their orders. */
export function customersService(ctx: AppContext) {
  const repo = customersRepo(ctx.db);

  return {
    list: (storeId: string, filter: CustomerListFilter) => repo.list(storeId, filter),

    /** `key` is the id of one of the shopper's orders in this store; anything else is 404. */
    async detail(storeId: string, key: string): Promise<CustomerDetail> {
      const email = await repo.emailOf(storeId, key);
      const customer = email === null ? null : await repo.summary(storeId, email);
      if (email === null || !customer) throw notFound(customerMsg.notFound);
      const [orders, messages, chat, invoices] = await Promise.all([
        repo.orders(storeId, email, DETAIL_ORDERS),
        repo.contactMessages(storeId, email, DETAIL_MESSAGES),
        repo.chat(storeId, email),
        repo.invoices(storeId, email),
      ]);
      return { customer, orders, messages, chat, invoices };
    },

    /**
     * Who exported the customers ('Registro attività', kind 'exports'), written before the file
     * starts. The search itself is not kept: it may be a shopper's e-mail.
     */
    recordExport: (member: AuditActor, search: string | undefined, file: string) =>
      audit.record(ctx.db, member, {
        kind: 'exports',
        action: 'exports.customers',
        summary: search ? 'Esportazione CSV dei clienti trovati con una ricerca' : 'Esportazione CSV dei clienti',
        subject: { type: 'export', id: file, label: file },
      }),

    /** Every customer matching the search, streamed through the exports' CSV dialect. */
    async *exportCsv(storeId: string, search: string | undefined, d: CsvDialect): AsyncGenerator<string> {
      yield d.start + d.line(CUSTOMER_CSV_COLUMNS);
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const rows = await repo.page(storeId, { search, sort: 'email', dir: 'asc' }, EXPORT_PAGE, offset);
        yield rows
          .map((c) =>
            d.line([
              c.name,
              c.email,
              c.orderCount,
              d.money(c.spentCents),
              c.cancelledCount,
              romeDateTime(c.firstOrderAt),
              romeDateTime(c.lastOrderAt),
              c.marketingConsentAt ? romeDateTime(c.marketingConsentAt) : 'Non raccolto',
            ]),
          )
          .join('');
        if (rows.length < EXPORT_PAGE) return;
      }
    },
  };
}
