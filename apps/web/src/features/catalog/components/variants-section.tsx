import { useState } from 'react';
import { toast } from 'sonner';
import { Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { catalogMsg, saleCompareAt, unitPriceCents, variantCompareAtCents, type ProductDetail, type Variant } from '@vetrina/shared';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { formatCents } from '@/lib/format';
import { useDeleteVariant } from '../api/variants';
import { FormSection } from './form-section';
import { VariantDialog } from './variant-dialog';

const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : cents < 0 ? `−${formatCents(-cents)}` : '—');

function VariantRow({
  variant,
  product,
  onEdit,
  onDelete,
}: {
  variant: Variant;
  product: Pick<ProductDetail, 'priceCents' | 'compareAtCents'>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const priceCents = unitPriceCents(product.priceCents, variant.priceDeltaCents);
  const compareAt = saleCompareAt(priceCents, variantCompareAtCents(product.compareAtCents, variant));
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="variant-row">
      {variant.image ? (
        <img src={variant.image.thumbUrl} alt="" className="size-12 rounded-md border object-cover" />
      ) : (
        <div className="size-12 rounded-md border bg-muted" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium">{variant.label}</p>
        <p className="font-mono text-xs text-muted-foreground">{variant.sku}</p>
        {Object.keys(variant.attributes).length > 0 && (
          <div className="mt-1 flex flex-wrap gap-1">
            {Object.entries(variant.attributes).map(([k, v]) => (
              <Badge key={k} variant="secondary">
                {k}: {v}
              </Badge>
            ))}
          </div>
        )}
      </div>
      <dl className="flex gap-4 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Prezzo</dt>
          <dd className="font-medium">
            {formatCents(priceCents)}
            {compareAt !== null && (
              <s className="ml-1.5 text-xs font-normal text-muted-foreground">
                <span className="sr-only">Prezzo pieno </span>
                {formatCents(compareAt)}
              </s>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Differenza</dt>
          <dd>{signed(variant.priceDeltaCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Stock</dt>
          <dd className={variant.stock === 0 ? 'font-medium text-destructive' : undefined}>{variant.stock}</dd>
        </div>
      </dl>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Modifica variante ${variant.label}`}>
          <Pencil aria-hidden /> Modifica
        </Button>
        <ConfirmDialog
          title="Eliminare questa variante?"
          description="La variante e il suo stock verranno eliminati definitivamente."
          onConfirm={onDelete}
          trigger={
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" aria-label={`Elimina variante ${variant.label}`}>
              <Trash2 aria-hidden /> Elimina
            </Button>
          }
        />
      </div>
    </li>
  );
}

/** The variants of a saved product; a new product gets the spec's 'Salva prima il prodotto'. */
export function VariantsSection({ storeId, product }: { storeId: string; product?: ProductDetail }) {
  const [editing, setEditing] = useState<Variant | 'new' | null>(null);
  const del = useDeleteVariant(storeId, product?.id ?? '');
  const add = () => {
    if (!product) toast.error(catalogMsg.saveFirstTitle, { description: catalogMsg.saveFirst });
    else setEditing('new');
  };
  const remove = (v: Variant) =>
    del.mutate(v.id, {
      onSuccess: () => toast.success('Variante eliminata'),
      onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile eliminare la variante') }),
    });

  // With options the variants are their combinations: added through 'Opzioni', edited one by one here.
  const byOptions = (product?.options.length ?? 0) > 0;
  return (
    <FormSection
      title="Varianti"
      description={
        byOptions
          ? 'Le combinazioni delle opzioni salvate: modifica una variante alla volta, foto e attributi compresi.'
          : 'Taglie, colori, capacità: ogni variante ha SKU, prezzo e stock propri.'
      }
      actions={
        byOptions ? undefined : (
          <Button variant="outline" size="sm" onClick={add}>
            <Plus aria-hidden /> Aggiungi variante
          </Button>
        )
      }
    >
      {!product ? (
        <p className="text-sm text-muted-foreground">{catalogMsg.saveFirst}, oppure crea subito le combinazioni con ‘Opzioni’.</p>
      ) : product.variants.length === 0 ? (
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <Layers className="size-5" aria-hidden /> Nessuna variante: il prodotto si vende con il suo stock.
        </div>
      ) : (
        <ul className="divide-y">
          {product.variants.map((v) => (
            <VariantRow key={v.id} variant={v} product={product} onEdit={() => setEditing(v)} onDelete={() => remove(v)} />
          ))}
        </ul>
      )}
      {product && editing && (
        <VariantDialog
          storeId={storeId}
          productId={product.id}
          product={product}
          variant={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </FormSection>
  );
}
