import { Link } from 'react-router';
import { FolderOpen, Pencil, Trash2 } from 'lucide-react';
import type { Category } from '@vetrina/shared';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { plural } from '@vetrina/shared/plural';

/** Spec §2 categories card: name, /slug, edit, delete with the spec's confirmation text. */
export function CategoryCard({ category, onDelete, deleting }: { category: Category; onDelete: () => void; deleting: boolean }) {
  return (
    <Card className="flex flex-col" data-testid="category-card">
      <CardContent className="flex flex-1 items-start gap-3 p-5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <FolderOpen className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 className="truncate font-semibold">{category.name}</h2>
          <p className="truncate font-mono text-xs text-muted-foreground">/{category.slug}</p>
          <p className="mt-1 text-xs text-muted-foreground">{plural(category.productCount, 'prodotto', 'prodotti')}</p>
        </div>
      </CardContent>
      <CardFooter className="gap-2 p-5 pt-0">
        <Link to={`/dashboard/categories/${category.id}/edit`} className={buttonClasses('outline', 'sm', 'flex-1')} aria-label={`Modifica ${category.name}`}>
          <Pencil aria-hidden /> Modifica
        </Link>
        <ConfirmDialog
          title="Eliminare questa categoria?"
          description="I prodotti associati non verranno eliminati ma rimarranno senza categoria"
          onConfirm={onDelete}
          trigger={
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={deleting} aria-label={`Elimina ${category.name}`}>
              <Trash2 aria-hidden /> {deleting ? 'Eliminazione...' : 'Elimina'}
            </Button>
          }
        />
      </CardFooter>
    </Card>
  );
}
