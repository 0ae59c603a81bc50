import { useState } from 'react';
import clsx from 'clsx';
import type { StorefrontProductDetail } from '@vetrina/shared';
import { fromCompareAtCents } from '@vetrina/shared/sale-price';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs';
import { Price } from '../components/price';
import { SoldOutBadge } from '../components/ui';
import { useStorefront } from '../store-context';
import { Gallery } from './gallery';
import { PurchasePanel } from './purchase-panel';
import { VariantPicker } from './variant-picker';

/** The product page body: breadcrumbs, gallery, price, description, variant picker and purchase panel. */
export function ProductDetails({ product }: { product: StorefrontProductDetail }) {
  const { home, theme } = useStorefront();
  const [variantId, setVariantId] = useState<string | null>(() => {
    const only = product.variants.length === 1 ? product.variants[0] : undefined;
    return only && only.available > 0 ? only.id : null;
  });
  const variant = product.variants.find((v) => v.id === variantId) ?? null;
  const prices = product.variants.map((v) => v.priceCents);
  const lowest = prices.length ? Math.min(...prices) : product.priceCents;
  const varies = prices.length > 0 && !variant && new Set(prices).size > 1;
  // The chosen variant's 'Prezzo pieno'; before a choice, that of the cheapest (the "da" price).
  const compareAt = variant ? variant.compareAtCents : product.variants.length ? fromCompareAtCents(product.variants) : product.compareAtCents;

  const crumbs: Crumb[] = [
    { label: 'Home', to: home },
    { label: 'Prodotti', to: `${home}/products` },
  ];
  if (product.category) crumbs.push({ label: product.category.name, to: `${home}/category/${product.category.slug}` });
  crumbs.push({ label: product.title });

  return (
    <>
      <Breadcrumbs items={crumbs} />
      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-14">
        <Gallery key={variant?.imageUrl ?? 'prodotto'} images={product.images} title={product.title} featured={variant?.imageUrl} />
        <div className="flex flex-col gap-6">
          <div className="space-y-3">
            {product.soldOut && <SoldOutBadge />}
            <h1 className={clsx(theme.h1, theme.key === 'audace' ? 'sm:text-5xl lg:text-6xl' : '')}>{product.title}</h1>
            <div>
              <Price cents={variant?.priceCents ?? lowest} from={varies} compareAtCents={compareAt} badge className="text-2xl" />
              {/* Static text, rendered on the server too: nothing moves when the page hydrates. */}
              <p className="mt-1 text-xs opacity-70" data-testid="prezzo-iva">
                IVA inclusa
              </p>
            </div>
          </div>
          {product.variants.length > 0 && (
            <VariantPicker variants={product.variants} value={variantId} onChange={setVariantId} basePrice={product.priceCents} />
          )}
          <PurchasePanel key={variantId ?? 'nessuna'} product={product} variant={variant} />
          {product.description && (
            <section aria-labelledby="descrizione-titolo" className="border-t border-black/10 pt-6">
              <h2 id="descrizione-titolo" className="mb-2 text-sm font-semibold uppercase tracking-wide">
                Descrizione
              </h2>
              <p className="whitespace-pre-line leading-relaxed opacity-90">{product.description}</p>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
