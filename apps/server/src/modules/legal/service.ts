import { LEGAL_PAGE_KINDS, LEGAL_PAGE_TITLES, isLegalPageKind, type LegalPageKind, type PublicLegalPage } from '@vetrina/shared';
import { businessMsg, sellerAddressLine, type BusinessDetails, type BusinessDetailsData, type LegalPage } from '@vetrina/shared/business-settings';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { paymentsService } from '../payments/service.js';
import { returnSettingsOf } from '../returns/settings/service.js';
import { shippingService } from '../shipping/service.js';
import { legalMarkdownRenderer, renderLegalMarkdown } from './markdown.js';
import { audit, changedFields, type AuditActor } from '../audit/service.js';
import { legalRepo } from './repo.js';

/** What 'Registro attività' compares of 'Dati aziendali', by the field's Italian name. */
const BUSINESS_FIELDS = {
  companyName: 'Ragione sociale',
  vatNumber: 'Partita IVA',
  taxCode: 'Codice fiscale',
  street: 'Sede legale: indirizzo',
  postalCode: 'CAP',
  city: 'Comune',
  province: 'Provincia',
  pec: 'PEC',
  phone: 'Telefono',
  email: 'Email',
};
import { legalTemplate, type TemplateData } from './templates.js';

const kindOf = (raw: string): LegalPageKind => {
  if (!isLegalPageKind(raw)) throw notFound(businessMsg.pageNotFound);
  return raw;
};

/** Impostazioni → Dati aziendali and Pagine legali, and the legal pages the storefront shows. */
export function legalService(ctx: AppContext) {
  const repo = legalRepo(ctx.db);
  const payments = paymentsService(ctx);
  const shipping = shippingService(ctx);

  async function details(storeId: string): Promise<BusinessDetails> {
    const r = await repo.business(storeId);
    return {
      companyName: r?.company_name ?? '',
      vatNumber: r?.vat_number ?? '',
      taxCode: r?.tax_code ?? '',
      street: r?.street ?? '',
      postalCode: r?.postal_code ?? '',
      city: r?.city ?? '',
      province: r?.province ?? '',
      pec: r?.pec ?? '',
      phone: r?.phone ?? '',
      email: r?.email ?? '',
      updatedAt: r?.updated_at ?? null,
    };
  }

  /** What the templates are filled with, read fresh: the store's details, payment methods, shipping rates and return settings. */
  async function templateData(store: { id: string; name: string; slug: string }): Promise<TemplateData> {
    const [business, paymentOptions, destinations, returns] = await Promise.all([
      details(store.id),
      payments.publicOptions(store.id),
      shipping.destinations(store.id),
      returnSettingsOf(ctx, store.id),
    ]);
    return { storeName: store.name, storeSlug: store.slug, business, payments: paymentOptions, shipping: destinations, returns };
  }

  async function storeOf(storeId: string) {
    const store = await repo.store(storeId);
    if (!store) throw notFound('Store non trovato');
    return store;
  }

  /** Every page of a store: the merchant's text where edited, the filled template elsewhere. */
  async function pagesOf(store: { id: string; name: string; slug: string }, only?: LegalPageKind): Promise<LegalPage[]> {
    const rows = await repo.pages(store.id);
    const kinds = only ? [only] : LEGAL_PAGE_KINDS;
    const needTemplate = kinds.some((k) => !rows.some((r) => r.kind === k));
    const [data, render] = await Promise.all([needTemplate ? templateData(store) : null, legalMarkdownRenderer()]);
    return kinds.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      const markdown = row ? row.markdown : legalTemplate(kind, data!);
      return {
        kind,
        title: LEGAL_PAGE_TITLES[kind],
        markdown,
        html: render(markdown),
        customised: Boolean(row),
        updatedAt: row?.updated_at ?? null,
      };
    });
  }

  return {
    details,

    async saveDetails(actor: AuditActor, input: BusinessDetailsData): Promise<BusinessDetails> {
      const storeId = actor.storeId;
      const changes = changedFields(await details(storeId), input, BUSINESS_FIELDS);
      const row = {
        company_name: input.companyName,
        vat_number: input.vatNumber,
        tax_code: input.taxCode,
        address: sellerAddressLine(input),
        street: input.street,
        postal_code: input.postalCode,
        city: input.city,
        province: input.province,
        pec: input.pec,
        phone: input.phone,
        email: input.email,
      };
      await ctx.db.transaction().execute(async (trx) => {
        await legalRepo(trx).saveBusiness(storeId, row);
        if (changes.length) await audit.record(trx, actor, { kind: 'settings', action: 'business.updated', summary: 'Dati aziendali modificati', changes });
      });
      return details(storeId);
    },

    async pages(storeId: string): Promise<LegalPage[]> {
      return pagesOf(await storeOf(storeId));
    },

    async page(storeId: string, rawKind: string): Promise<LegalPage> {
      const kind = kindOf(rawKind);
      return (await pagesOf(await storeOf(storeId), kind))[0]!;
    },

    async savePage(storeId: string, rawKind: string, markdown: string): Promise<LegalPage> {
      const kind = kindOf(rawKind);
      await repo.savePage(storeId, kind, markdown);
      return (await pagesOf(await storeOf(storeId), kind))[0]!;
    },

    /** Back to the template, filled from the store's current data. */
    async resetPage(storeId: string, rawKind: string): Promise<LegalPage> {
      const kind = kindOf(rawKind);
      await repo.deletePage(storeId, kind);
      return (await pagesOf(await storeOf(storeId), kind))[0]!;
    },

    preview: (markdown: string) => renderLegalMarkdown(markdown),

    /** The page as the storefront shows it (JSON text, kept in the storefront cache until the store changes). */
    async publicPage(slug: string, rawKind: string): Promise<string> {
      const key = `${slug}|legal|${rawKind}`;
      const cached = ctx.publicCache.get(key);
      if (typeof cached === 'string') return cached;
      const kind = kindOf(rawKind);
      const store = await repo.storeBySlug(slug);
      if (!store) throw notFound('Store non trovato');
      const [p] = await pagesOf(store, kind);
      const page: PublicLegalPage = { kind, title: p!.title, html: p!.html, updatedAt: p!.updatedAt };
      const text = JSON.stringify({ page });
      ctx.publicCache.set(key, text);
      return text;
    },
  };
}
export type LegalService = ReturnType<typeof legalService>;
