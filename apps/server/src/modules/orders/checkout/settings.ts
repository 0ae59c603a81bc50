import type { PaymentMethod, ShippingDestination, VatCode } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { storeBySlug } from '../../tenancy/service.js';
import type { ChosenMethod } from '../../payments/service.js';
import { destinationIn, shippingService } from '../../shipping/service.js';
import { storeMailBrand } from '../../stores/service.js';
import type { MailAudience } from '../mails.js';
import type { OrderPorts } from '../ports.js';

/**
 * What a checkout reads of its store before pricing the cart: the store itself (id and name), the
 * payment method chosen, where it ships, the default VAT code and the brand of its mails. Kept per store in
 * `ctx.storeSettings` until the store changes: any write of its team drops it on every instance
 * (the member-write hook and storefront/cache.ts), so a change applies to the next checkout, while
 * orders, payments and stock leave it (`ctx.stockChanged`). Under load a store's checkouts read
 * these once instead of four statements per order. Each value is still read through its own module.
 */
export function checkoutSettings(ctx: AppContext, { payments, invoices }: OrderPorts) {
  const shipping = shippingService(ctx);
  return (slug: string) => {
    // Taken before any read: what is read is kept only if the store has not changed since.
    const kept = ctx.storeSettings.of(slug);
    const remember = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
      const known = kept.get<T>('settings', key);
      if (known !== undefined) return known;
      const fresh = await load();
      kept.set('settings', key, fresh);
      return fresh;
    };
    return {
      /** The store, or null (an unknown address is not kept: it would only fill the cache). */
      store: async (): Promise<{ id: string; name: string } | null> => {
        const known = kept.get<{ id: string; name: string }>('settings', 'store');
        if (known) return known;
        const found = await storeBySlug(ctx.db, slug);
        if (found) kept.set('settings', 'store', found);
        return found;
      },
      /** The method as the store offers it, or the Italian 400 when it does not. */
      payment: (storeId: string, method: PaymentMethod): Promise<ChosenMethod> => remember(`payment|${method}`, () => payments.choose(storeId, method)),
      /** The destination by its Italian name, or the Italian 400 when the store does not ship there. */
      destination: async (storeId: string, country: string): Promise<ShippingDestination> =>
        destinationIn(await remember('destinations', () => shipping.destinations(storeId)), country),
      vatCode: (storeId: string): Promise<VatCode> => remember('vat', () => invoices.defaultVatCode(storeId)),
      /** Name, logo and colour the order mails carry (the members they go to are read each time: a user's own address may change). */
      brand: (storeId: string): Promise<MailAudience['brand']> => remember('brand', () => storeMailBrand(ctx, ctx.db, storeId)),
    };
  };
}
