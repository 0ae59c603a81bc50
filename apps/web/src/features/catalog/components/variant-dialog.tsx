import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  catalogMsg,
  formatEuro,
  parseEuroToCents,
  saleCompareAt,
  unitPriceCents,
  variantCompareAtCents,
  variantFormSchema,
  type ProductImage,
  type Variant,
  type VariantFormValues,
} from '@vetrina/shared';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { MoneyField } from '@/components/ui/money-field';
import { euroInputFromCents } from '@/lib/format';
import { ApiError, errorMessage } from '@/lib/api';
import { deleteProductImage } from '../api/images';
import { useSaveVariant } from '../api/variants';
import { checkSkuOrWarn, isSkuConflict, warnSkuTaken } from '../sku-feedback';
import { AttributePairs } from './attribute-pairs';
import { VariantImageField } from './variant-image-field';

const valuesOf = (v: Variant | null): VariantFormValues => ({
  label: v?.label ?? '',
  sku: v?.sku ?? '',
  priceDelta: v ? euroInputFromCents(v.priceDeltaCents) : '0',
  stock: v?.stock ?? 0,
  attributes: v ? Object.entries(v.attributes).map(([key, value]) => ({ key, value })) : [{ key: '', value: '' }],
  compareAt: v?.compareAtCents != null ? euroInputFromCents(v.compareAtCents) : '',
});

/** What an empty 'Prezzo pieno' means for this variant: the product's plus the difference, if the product has one. */
function inheritedHint(product: Props['product'], priceDelta: string | undefined) {
  const deltaCents = parseEuroToCents(priceDelta || '0', { allowNegative: true }) ?? 0;
  const inherited = saleCompareAt(
    unitPriceCents(product.priceCents, deltaCents),
    variantCompareAtCents(product.compareAtCents, { compareAtCents: null, priceDeltaCents: deltaCents }),
  );
  return inherited === null
    ? 'Facoltativo: il prezzo barrato di questa variante.'
    : `Vuoto: ${formatEuro(inherited)}, il prezzo pieno del prodotto più la differenza.`;
}

interface Props {
  storeId: string;
  productId: string;
  /** The product's prices: the variant's price and its 'Prezzo pieno' are checked against them. */
  product: { priceCents: number; compareAtCents: number | null };
  /** The variant to edit, or null to add one. */
  variant: Variant | null;
  onClose: () => void;
}

/** Spec §2 variant dialog: label, SKU, price difference (may be negative), stock, attribute pairs, optional image. */
export function VariantDialog({ storeId, productId, product, variant, onClose }: Props) {
  const save = useSaveVariant(storeId, productId);
  const form = useForm<VariantFormValues>({ resolver: zodResolver(variantFormSchema), defaultValues: valuesOf(variant) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [image, setImage] = useState<ProductImage | null>(variant?.image ?? null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const edited = isDirty || image?.id !== variant?.image?.id;
  const uploadedHere = useRef(new Set<string>());
  const priceDelta = form.watch('priceDelta');

  /** Closing without saving frees images uploaded in this dialog. */
  const close = (saved: boolean) => {
    if (!saved) for (const id of uploadedHere.current) void deleteProductImage(storeId, id).catch(() => undefined);
    onClose();
  };
  /** Escape, the overlay, the X or 'Annulla': edits not saved yet are not thrown away without asking. */
  const dismiss = () => {
    if (edited && !isSubmitting) setConfirmDiscard(true);
    else if (!isSubmitting) close(false);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (!(await checkSkuOrWarn(storeId, values.sku, { variantId: variant?.id }))) {
        form.setError('sku', { message: 'SKU duplicato' });
        return;
      }
      const priceDeltaCents = parseEuroToCents(values.priceDelta || '0', { allowNegative: true }) ?? 0;
      const compareAtCents = values.compareAt ? parseEuroToCents(values.compareAt) : null;
      const priceCents = unitPriceCents(product.priceCents, priceDeltaCents);
      if (compareAtCents !== null && compareAtCents <= priceCents) {
        form.setError('compareAt', { message: catalogMsg.variantCompareAtNotAbove(priceCents) });
        return;
      }
      const body = {
        label: values.label,
        sku: values.sku,
        priceDeltaCents,
        stock: Number(values.stock) || 0,
        attributes: values.attributes,
        imageId: image?.id ?? null,
        compareAtCents,
      };
      try {
        await save.mutateAsync({ id: variant?.id, body });
        uploadedHere.current.delete(image?.id ?? '');
        toast.success('Variante salvata');
        close(true);
      } catch (err) {
        if (isSkuConflict(err)) {
          form.setError('sku', { message: 'SKU duplicato' });
          warnSkuTaken();
        } else if (err instanceof ApiError && err.field === 'compareAtCents') form.setError('compareAt', { message: err.message });
        else toast.error('Errore', { description: errorMessage(err, 'Impossibile salvare la variante') });
      }
    },
    (errs) => {
      if (errs.label || errs.sku) toast.error(catalogMsg.variantRequiredTitle, { description: catalogMsg.variantRequired });
    },
  );

  return (
    <Dialog open onOpenChange={(open) => !open && dismiss()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{variant ? 'Modifica variante' : 'Nuova variante'}</DialogTitle>
          <DialogDescription>Ogni variante ha il suo SKU e il suo stock.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={isSubmitting}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Label" required placeholder="es. Rosso / M" maxLength={100} error={errors.label?.message} {...form.register('label')} />
            <FormField label="SKU" required maxLength={64} autoComplete="off" error={errors.sku?.message} {...form.register('sku')} />
            <MoneyField
              label="Differenza di prezzo (€)"
              allowNegative
              hint="Si somma al prezzo del prodotto; può essere negativa."
              error={errors.priceDelta?.message}
              {...form.register('priceDelta')}
            />
            <FormField
              label="Stock"
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              error={errors.stock?.message}
              {...form.register('stock', { setValueAs: (v: string) => (v === '' ? 0 : Number(v)) })}
            />
            <MoneyField
              label="Prezzo pieno (€)"
              placeholder="Facoltativo"
              hint={inheritedHint(product, priceDelta)}
              error={errors.compareAt?.message}
              {...form.register('compareAt')}
            />
          </div>
          <AttributePairs control={form.control} register={form.register} />
          <VariantImageField storeId={storeId} image={image} onChange={setImage} onUploaded={(img) => uploadedHere.current.add(img.id)} />
          <DialogFooter>
            <Button variant="outline" onClick={dismiss} disabled={isSubmitting}>
              Annulla
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Salvataggio...' : 'Salva variante'}
            </Button>
          </DialogFooter>
        </form>
        <ConfirmDialog
          open={confirmDiscard}
          onOpenChange={setConfirmDiscard}
          title="Modifiche non salvate"
          description="Hai modifiche non salvate alla variante. Vuoi chiudere senza salvarle?"
          cancelLabel="Resta"
          confirmLabel="Chiudi senza salvare"
          onConfirm={() => close(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
