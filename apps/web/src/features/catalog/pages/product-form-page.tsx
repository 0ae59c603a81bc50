import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PackageX } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategories } from '../api/categories';
import { useStoreId } from '../api/keys';
import { useProduct } from '../api/products';
import { DuplicateProductButton } from '../components/duplicate-product-button';
import { ItemLoadError } from '../components/item-load-error';
import { PageHeader } from '../components/page-header';
import { PRODUCT_FORM_ID, ProductForm, type FormActivity } from '../components/product-form';
import { VariantsSection } from '../components/variants-section';

/** /dashboard/products/new and /dashboard/products/{id}/edit. */
export default function ProductFormPage() {
  const { id } = useParams();
  const storeId = useStoreId();
  const product = useProduct(storeId, id);
  const categories = useCategories(storeId);
  const [activity, setActivity] = useState<FormActivity>('idle');
  const onBusy = useCallback((a: FormActivity) => setActivity(a), []);

  if (id && product.isError) {
    return (
      <ItemLoadError
        error={product.error}
        icon={PackageX}
        notFoundTitle="Prodotto non trovato"
        failedTitle="Impossibile caricare il prodotto"
        back={{ to: '/dashboard/products', label: 'Torna ai prodotti' }}
      />
    );
  }
  const loading = (id && product.isLoading) || categories.isLoading;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 pb-4">
      <PageHeader
        title={id ? 'Modifica prodotto' : 'Nuovo prodotto'}
        description={id ? product.data?.title : 'Aggiungi un articolo al catalogo.'}
        actions={id && product.data ? <DuplicateProductButton storeId={storeId} productId={id} /> : undefined}
      />
      {loading ? (
        <div className="grid gap-6" aria-busy>
          <Skeleton className="h-48" />
          <Skeleton className="h-40" />
          <Skeleton className="h-32" />
        </div>
      ) : (
        <>
          <ProductForm key={product.data?.id ?? 'new'} storeId={storeId} product={product.data} categories={categories.data ?? []} onBusy={onBusy} />
          <VariantsSection storeId={storeId} product={product.data} />
          <div className="sticky bottom-0 z-10 -mx-4 flex justify-end gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
            <Link to="/dashboard/products" className={buttonClasses('outline')}>
              Annulla
            </Link>
            <Button type="submit" form={PRODUCT_FORM_ID} disabled={activity !== 'idle'}>
              {activity === 'saving' ? 'Salvataggio...' : activity === 'uploading' ? 'Caricamento immagini...' : id ? 'Salva prodotto' : 'Crea prodotto'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
