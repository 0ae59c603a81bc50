import { Link } from 'react-router';
import { ImageOff, Pencil, Trash2 } from 'lucide-react';
import type { ProductListItem } from '@vetrina/shared';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { formatCents } from '@/lib/format';
import { ProductStatusBadge } from './product-status-badge';
import { plural } from '@vetrina/shared/plural';

/** Spec §2 products list card: image, title, description, status, SKU, price, category, edit, delete. */
export function ProductCard({
  product,
  onDelete,
  deleting,
  priority,
}: {
  product: ProductListItem;
  onDelete: () => void;
  deleting: boolean;
  priority: boolean;
}) {
  const stockLabel = product.variantCount > 0 ? `${plural(product.variantCount, 'variante', 'varianti')} · ${product.stock} pz` : `${product.stock} pz`;
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="product-card">
      <div className="aspect-[4/3] bg-muted">
        {product.cover ? (
          <img src={product.cover.thumbUrl} alt="" loading={priority ? 'eager' : 'lazy'} decoding="async" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <ImageOff className="size-8" aria-hidden />
            <span className="sr-only">Nessuna immagine</span>
          </div>
        )}
      </div>
      <CardContent className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="line-clamp-2 font-semibold leading-snug">{product.title}</h2>
          <ProductStatusBadge status={product.status} />
        </div>
        {product.description && <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>}
        <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">SKU</dt>
          <dd className="truncate font-mono text-xs leading-5">{product.sku}</dd>
          <dt className="text-muted-foreground">Prezzo</dt>
          <dd className="font-semibold">
            {formatCents(product.priceCents)}
            {product.compareAtCents !== null && product.compareAtCents > product.priceCents && (
              <s className="ml-1.5 text-xs font-normal text-muted-foreground">
                <span className="sr-only">Prezzo pieno </span>
                {formatCents(product.compareAtCents)}
              </s>
            )}
          </dd>
          <dt className="text-muted-foreground">Categoria</dt>
          <dd className="truncate">{product.category?.name ?? 'Senza categoria'}</dd>
          <dt className="text-muted-foreground">Stock</dt>
          <dd className={product.stock === 0 ? 'text-destructive' : undefined}>{stockLabel}</dd>
        </dl>
      </CardContent>
      <CardFooter className="flex-wrap gap-2 p-4 pt-0">
        <Link to={`/dashboard/products/${product.id}/edit`} className={buttonClasses('outline', 'sm', 'flex-1')} aria-label={`Modifica ${product.title}`}>
          <Pencil aria-hidden /> Modifica
        </Link>
        <ConfirmDialog
          title="Eliminare questo prodotto?"
          description="Questa azione è irreversibile. Verranno eliminate anche tutte le varianti e le immagini del prodotto."
          confirmLabel="Elimina"
          onConfirm={onDelete}
          trigger={
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={deleting} aria-label={`Elimina ${product.title}`}>
              <Trash2 aria-hidden /> {deleting ? 'Eliminazione...' : 'Elimina'}
            </Button>
          }
        />
      </CardFooter>
    </Card>
  );
}
