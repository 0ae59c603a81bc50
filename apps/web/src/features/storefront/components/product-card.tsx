import { Link } from 'react-router';
import clsx from 'clsx';
import { ImageOff } from 'lucide-react';
import type { StorefrontProductCard } from '@vetrina/shared';
import { discountPercent } from '@vetrina/shared/sale-price';
import { useStorefront } from '../store-context';
import { Price, SaleBadge } from './price';
import { CARD_SIZES, ResponsiveImg } from './responsive-img';
import { SoldOutBadge } from './ui';

/** A product in a grid: thumbnail in a fixed-ratio frame, title, price, 'Esaurito' when sold out, the discount when on sale. */
export function ProductCard({
  product,
  eager,
  priority,
  headingLevel = 3,
}: {
  product: StorefrontProductCard;
  eager?: boolean;
  priority?: boolean;
  /** 2 when the grid sits right under the page's h1 (a listing), 3 under a section's h2 (the home). */
  headingLevel?: 2 | 3;
}) {
  const { theme, home } = useStorefront();
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const percent = discountPercent(product.priceCents, product.compareAtCents);
  return (
    <article className={clsx('h-full', theme.card)}>
      <div className={clsx('relative overflow-hidden', theme.frame)}>
        {product.image || product.thumbUrl ? (
          <ResponsiveImg
            image={product.image ?? { url: product.thumbUrl! }}
            alt={product.title}
            sizes={CARD_SIZES}
            eager={eager}
            priority={priority}
            className={clsx('absolute inset-0 size-full object-cover transition duration-500 group-hover:scale-[1.03]', product.soldOut && 'opacity-60')}
          />
        ) : (
          <div className="absolute inset-0 flex items-center justify-center text-black/25">
            <ImageOff aria-hidden className="size-8" />
          </div>
        )}
        {product.soldOut && <SoldOutBadge className="absolute left-3 top-3" />}
        {!!percent && <SaleBadge percent={percent} className="absolute right-3 top-3" />}
      </div>
      <div className={theme.cardBody}>
        {product.category && theme.key !== 'minimal' && <p className="text-xs uppercase tracking-wide opacity-60">{product.category.name}</p>}
        <Title className={clsx('line-clamp-2', theme.cardTitle)}>
          {/* The whole card is the link's hit area; the title is its accessible name. */}
          <Link
            to={`${home}/products/${encodeURIComponent(product.slug)}`}
            className="outline-none after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-(--sf-primary-ink)"
          >
            {product.title}
          </Link>
        </Title>
        <Price
          cents={product.priceCents}
          from={product.priceVaries}
          compareAtCents={product.compareAtCents}
          className={theme.key === 'audace' ? 'text-lg' : 'text-sm sm:text-base'}
        />
      </div>
    </article>
  );
}
