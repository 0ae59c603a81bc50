import { Link, useParams } from 'react-router';
import { FolderX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useCategory } from '../api/categories';
import { useStoreId } from '../api/keys';
import { CategoryForm } from '../components/category-form';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '../components/page-header';

/** /dashboard/categories/new and /dashboard/categories/{id}/edit. */
export default function CategoryFormPage() {
  const { id } = useParams();
  const storeId = useStoreId();
  const category = useCategory(storeId, id);
  if (id && category.isError) {
    const missing = category.error instanceof ApiError && category.error.status === 404;
    return (
      <EmptyState
        icon={FolderX}
        title={missing ? 'Categoria non trovata' : 'Impossibile caricare la categoria'}
        description={missing ? undefined : errorMessage(category.error, 'Riprova più tardi')}
        action={
          <Link to="/dashboard/categories" className={buttonClasses('outline')}>
            Torna alle categorie
          </Link>
        }
      />
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6">
      <PageHeader title={id ? 'Modifica categoria' : 'Nuova categoria'} />
      {id && category.isLoading ? <Skeleton className="h-56" aria-busy /> : <CategoryForm key={category.data?.id ?? 'new'} storeId={storeId} category={category.data} />}
    </div>
  );
}
