import { Link } from 'react-router';
import { toast } from 'sonner';
import { FolderTree, Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useCategories, useDeleteCategory } from '../api/categories';
import { useStoreId } from '../api/keys';
import { CategoryCard } from '../components/category-card';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '../components/page-header';

/** Spec §2 "Categories": cards ordered by name (a store has at most 200, so one list). */
export default function CategoriesPage() {
  const storeId = useStoreId();
  const categories = useCategories(storeId);
  const del = useDeleteCategory(storeId);
  const remove = (id: string) =>
    del.mutate(id, {
      onSuccess: () => toast.success('Categoria eliminata'),
      onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile eliminare la categoria') }),
    });
  const newButton = (label: string) => (
    <Link to="/dashboard/categories/new" className={buttonClasses()}>
      <Plus aria-hidden /> {label}
    </Link>
  );
  return (
    <div className="grid gap-6">
      <PageHeader title="Categorie" description="Raggruppa i prodotti per aiutare i clienti a trovarli." actions={newButton('Nuova categoria')} />
      {categories.isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : categories.isError ? (
        <LoadErrorState icon={FolderTree} title="Impossibile caricare le categorie" error={categories.error} onRetry={categories.refetch} />
      ) : !categories.data?.length ? (
        <EmptyState
          icon={FolderTree}
          title="Nessuna categoria trovata"
          description="Crea una categoria e assegnala ai tuoi prodotti."
          action={newButton('Crea la tua prima categoria')}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.data.map((c) => (
            <li key={c.id} className="grid">
              <CategoryCard category={c} onDelete={() => remove(c.id)} deleting={del.isPending && del.variables === c.id} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
