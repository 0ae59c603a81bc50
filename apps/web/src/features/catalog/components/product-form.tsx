import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  discountPercent,
  parseEuroToCents,
  PRODUCT_STATUS_LABELS,
  plural,
  PRODUCT_STATUSES,
  productFormSchema,
  VAT_CODE_LABELS,
  VAT_CODES,
  type Category,
  type ProductDetail,
} from '@vetrina/shared';
import { FormField } from '@/components/ui/form-field';
import { MoneyField } from '@/components/ui/money-field';
import { Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useNextSku, useSaveProduct } from '../api/products';
import { productFormValues, productInputOf } from '../product-form-values';
import { checkSkuOrWarn, isSkuConflict, warnSkuTaken } from '../sku-feedback';
import { useGallery } from '../use-gallery';
import { useOptionVariants } from '../use-option-variants';
import { Field } from './field';
import { FormSection } from './form-section';
import { GalleryField } from './gallery-field';
import { OptionsSection } from './options-section';
import { WithdrawalExclusionField } from './withdrawal-exclusion-field';

type FormIn = z.input<typeof productFormSchema>;
type FormOut = z.output<typeof productFormSchema>;

export const PRODUCT_FORM_ID = 'product-form';
export type FormActivity = 'idle' | 'uploading' | 'saving';

/** Spec §2 product form. New products get the server's next SKU; with variants the stock field is disabled (saved as 0). */
export function ProductForm({
  storeId,
  product,
  categories,
  onBusy,
}: {
  storeId: string;
  product?: ProductDetail;
  categories: Category[];
  onBusy: (state: FormActivity) => void;
}) {
  const navigate = useNavigate();
  const save = useSaveProduct(storeId);
  const gallery = useGallery(storeId, product?.images ?? []);
  const optionVariants = useOptionVariants(product);
  const hasVariants = (product?.variants.length ?? 0) > 0 || optionVariants.combinations.length > 0;
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(productFormSchema), defaultValues: productFormValues(product) });
  const { errors, isSubmitting } = form.formState;
  const slug = form.watch('slug');
  const [price, compareAt, excluded, reason] = form.watch(['price', 'compareAt', 'withdrawalExcluded', 'withdrawalExclusion']);
  const percent = discountPercent(parseEuroToCents(price ?? '') ?? 0, parseEuroToCents(compareAt ?? ''));
  const nextSku = useNextSku(storeId, !product);
  // Pictures added, removed or reordered are changes too, though not the form's fields.
  const galleryChanged = gallery.images.map((i) => i.id).join() !== (product?.images ?? []).map((i) => i.id).join();
  const unsaved = useUnsavedChanges(form.formState.isDirty || galleryChanged || optionVariants.changed);
  const productSku = form.watch('sku') ?? '';

  useEffect(() => {
    if (nextSku.data && !form.getValues('sku')) form.setValue('sku', nextSku.data.sku);
  }, [nextSku.data, form]);
  useEffect(() => {
    if (hasVariants) form.setValue('stock', 0);
  }, [hasVariants, form]);
  const activity: FormActivity = isSubmitting || save.isPending ? 'saving' : gallery.uploading ? 'uploading' : 'idle';
  useEffect(() => onBusy(activity), [activity, onBusy]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!(await checkSkuOrWarn(storeId, values.sku, { productId: product?.id }))) {
      form.setError('sku', { message: 'SKU duplicato' });
      return;
    }
    const variants = optionVariants.payload();
    if ('error' in variants) {
      optionVariants.setError(variants.error);
      toast.error('Controlla le opzioni', { description: variants.error });
      return;
    }
    const body = { ...productInputOf(values, { hasVariants, imageIds: gallery.images.map((i) => i.id) }), ...variants };
    try {
      const saved = await save.mutateAsync({ id: product?.id, body });
      gallery.markSaved(saved.images);
      unsaved.markSaved();
      if (product) {
        toast.success('Prodotto aggiornato');
        navigate('/dashboard/products');
      } else {
        const n = saved.variants.length;
        toast.success('Prodotto creato', { description: n ? `Con ${plural(n, 'variante', 'varianti')}.` : 'Ora puoi aggiungere le varianti.' });
        navigate(`/dashboard/products/${saved.id}/edit`, { replace: true });
      }
    } catch (err) {
      if (isSkuConflict(err)) {
        form.setError('sku', { message: 'SKU duplicato' });
        warnSkuTaken();
      } else if (err instanceof ApiError && err.field === 'slug') form.setError('slug', { message: err.message });
      else if (err instanceof ApiError && err.field === 'compareAtCents') form.setError('compareAt', { message: err.message });
      else if (err instanceof ApiError && err.field === 'price') form.setError('price', { message: err.message });
      else if (err instanceof ApiError && err.field === 'vatCode') form.setError('vatCode', { message: err.message });
      else if (err instanceof ApiError && err.field === 'withdrawalExclusion') form.setError('withdrawalExclusion', { message: err.message });
      else if (err instanceof ApiError && /^(options|variants)/.test(err.field ?? '')) {
        optionVariants.setError(err.message);
        toast.error('Controlla le opzioni', { description: err.message });
      } else toast.error('Errore', { description: errorMessage(err, 'Impossibile salvare il prodotto') });
    }
  });

  return (
    <form id={PRODUCT_FORM_ID} onSubmit={onSubmit} noValidate className="grid gap-6" aria-busy={activity !== 'idle'}>
      <fieldset disabled={isSubmitting || save.isPending} className="grid gap-6">
        <FormSection title="Informazioni">
          <FormField label="Titolo" required maxLength={200} error={errors.title?.message} {...form.register('title')} />
          <FormField
            label="Indirizzo (slug)"
            maxLength={80}
            autoComplete="off"
            spellCheck={false}
            error={errors.slug?.message}
            hint={`Ultima parte dell’indirizzo del prodotto nel negozio: /products/${slug?.trim() || '{slug}'}`}
            {...form.register('slug')}
          />
          <Field label="Descrizione" error={errors.description?.message}>
            {(c) => <Textarea {...c} rows={4} maxLength={5000} {...form.register('description')} />}
          </Field>
        </FormSection>
        <FormSection title="Immagini" description="La prima immagine è la copertina mostrata nelle schede.">
          <GalleryField gallery={gallery} disabled={isSubmitting} />
        </FormSection>
        <FormSection title="Prezzo e magazzino" className="sm:grid-cols-2">
          <MoneyField label="Prezzo (€)" required error={errors.price?.message} {...form.register('price')} />
          <MoneyField
            label="Prezzo pieno (€)"
            placeholder="Facoltativo"
            error={errors.compareAt?.message}
            hint={[
              percent
                ? `Il prezzo barrato mostrato accanto al prezzo di vendita: sconto mostrato -${percent}%.`
                : 'Il prezzo barrato mostrato accanto al prezzo di vendita.',
              hasVariants ? 'Le varianti senza un proprio prezzo pieno lo seguono, più la loro differenza.' : '',
            ].join(' ')}
            {...form.register('compareAt')}
          />
          <FormField
            label="SKU"
            required
            maxLength={64}
            autoComplete="off"
            error={errors.sku?.message}
            hint={!product ? 'Suggerito automaticamente, puoi cambiarlo' : undefined}
            {...form.register('sku')}
          />
          <FormField
            label="Stock"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            disabled={hasVariants}
            error={errors.stock?.message}
            hint={hasVariants ? 'Con le varianti lo stock si gestisce per variante' : undefined}
            {...form.register('stock', { setValueAs: (v: string) => (v === '' ? 0 : Number(v)) })}
          />
        </FormSection>
        <OptionsSection storeId={storeId} state={optionVariants} productSku={productSku} />
        <FormSection title="Organizzazione" className="sm:grid-cols-2">
          <Field label="Categoria" error={errors.categoryId?.message}>
            {(c) => (
              <NativeSelect {...c} {...form.register('categoryId')}>
                <option value="">Nessuna categoria</option>
                {categories.map((cat) => (
                  <option key={cat.id} value={cat.id}>
                    {cat.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Aliquota IVA" error={errors.vatCode?.message} hint="Il prezzo resta IVA inclusa: l’aliquota serve a scorporare l’imposta in fattura.">
            {(c) => (
              <NativeSelect {...c} {...form.register('vatCode')}>
                <option value="">Predefinita dello store</option>
                {VAT_CODES.map((code) => (
                  <option key={code} value={code}>
                    {VAT_CODE_LABELS[code]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Stato" error={errors.status?.message} hint="Solo i prodotti attivi sono visibili nello store pubblico.">
            {(c) => (
              <NativeSelect {...c} {...form.register('status')}>
                {PRODUCT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {PRODUCT_STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </FormSection>
        <FormSection title="Diritto di recesso">
          <WithdrawalExclusionField
            control={form.control}
            register={form.register}
            excluded={Boolean(excluded)}
            reason={reason ?? ''}
            error={errors.withdrawalExclusion?.message}
          />
        </FormSection>
      </fieldset>
    </form>
  );
}
