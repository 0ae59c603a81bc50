import { useParams } from 'react-router';
import { FolderX } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategory } from '../api/categories';
import { useStoreId } from '../api/keys';
import { CategoryForm } from '../components/category-form';
import { ItemLoadError } from '../components/item-load-error';
import { PageHeader } from '../components/page-header';

/** /dashboard/categories/new and /dashboard/categories/{id}/edit. */
export default function CategoryFormPage() {
  const { id } = useParams();
  const storeId = useStoreId();
  const category = useCategory(storeId, id);
  if (id && category.isError) {
    return (
      <ItemLoadError
        error={category.error}
        icon={FolderX}
        notFoundTitle="Categoria non trovata"
        failedTitle="Impossibile caricare la categoria"
        back={{ to: '/dashboard/categories', label: 'Torna alle categorie' }}
      />
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6">
      <PageHeader title={id ? 'Modifica categoria' : 'Nuova categoria'} />
      {id && category.isLoading ? (
        <Skeleton className="h-56" aria-busy />
      ) : (
        <CategoryForm key={category.data?.id ?? 'new'} storeId={storeId} category={category.data} />
      )}
    </div>
  );
}
