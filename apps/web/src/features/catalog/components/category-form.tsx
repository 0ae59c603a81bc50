import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { categoryInputSchema, categorySlug, type Category, type CategoryInput } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useSaveCategory } from '../api/categories';

/** Name and slug. Spec §5: the slug follows the name while creating, stays editable, and an empty one falls back to the derived one. */
export function CategoryForm({ storeId, category }: { storeId: string; category?: Category }) {
  const navigate = useNavigate();
  const save = useSaveCategory(storeId);
  const form = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: category?.name ?? '', slug: category?.slug ?? '' },
  });
  const { errors, isSubmitting, dirtyFields, isDirty } = form.formState;
  const unsaved = useUnsavedChanges(isDirty);
  const name = form.watch('name') ?? '';
  const derived = categorySlug(name);
  const nameField = form.register('name', {
    onChange: (e: { target: { value: string } }) => {
      // While creating, the slug tracks the name until the merchant types their own.
      if (!category && !dirtyFields.slug) form.setValue('slug', categorySlug(e.target.value));
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: category?.id, body: values });
      unsaved.markSaved();
      toast.success(category ? 'Categoria aggiornata' : 'Categoria creata');
      navigate('/dashboard/categories');
    } catch (err) {
      const field = err instanceof ApiError && (err.field === 'slug' || err.field === 'name') ? err.field : null;
      if (field) form.setError(field, { message: err instanceof ApiError ? err.message : '' });
      toast.error('Errore', { description: errorMessage(err, 'Impossibile salvare la categoria') });
    }
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4 pt-6">
          <FormField label="Nome" required maxLength={100} autoComplete="off" error={errors.name?.message} {...nameField} />
          <FormField
            label="Slug"
            maxLength={80}
            autoComplete="off"
            placeholder={derived || 'es. casa-e-cucina'}
            error={errors.slug?.message}
            hint={`Usato nell'indirizzo della categoria: /category/${categorySlug(form.watch('slug') ?? '') || derived || '…'}. Lascialo vuoto per ricavarlo dal nome.`}
            {...form.register('slug')}
          />
        </CardContent>
        <CardFooter className="justify-end gap-2">
          <Button variant="outline" onClick={() => navigate('/dashboard/categories')}>
            Annulla
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Salvataggio...' : category ? 'Salva categoria' : 'Crea categoria'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
