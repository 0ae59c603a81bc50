import type { StorefrontProductCard } from '@vetrina/shared';
import { useStorefront } from '../store-context';
import { ProductCard } from './product-card';

/** Products in the theme's grid. The first row loads eagerly (the largest paint); the rest lazily. */
export function ProductGrid({ products, eagerCount = 2, headingLevel }: { products: StorefrontProductCard[]; eagerCount?: number; headingLevel?: 2 | 3 }) {
  const { theme } = useStorefront();
  return (
    <ul className={theme.grid} role="list">
      {products.map((p, i) => (
        <li key={p.id} className="min-w-0">
          <ProductCard product={p} eager={i < eagerCount} priority={i === 0 && eagerCount > 0} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
