import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorMessage } from '@/lib/api';
import { setServerFieldError } from '@/lib/form-errors';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';

interface SettingsFormOptions<Input extends FieldValues, Data extends Input, Saved> {
  schema: z.ZodType<Data, Input>;
  /** The saved settings as the form's values (at first, and again after each save). */
  valuesOf: (saved: Saved) => Input;
  initial: Saved;
  save: UseMutationResult<Saved, Error, Input>;
  /** Fields a server refusal may name: its message goes under the field instead of a toast. */
  fields: readonly Path<Input>[];
  savedText: string;
  errorText: string;
}

/**
 * A card of Impostazioni saved with its own button: validated by the shared schema, guarded
 * against leaving with unsaved changes, reset to what the server saved, a server refusal shown
 * under its field (or as a toast when it names none).
 */
export function useSettingsForm<Input extends FieldValues, Data extends Input, Saved>(options: SettingsFormOptions<Input, Data, Saved>) {
  const { schema, valuesOf, initial, save, fields, savedText, errorText } = options;
  const form = useForm<Input, unknown, Data>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(initial) as DefaultValues<Input>,
  });
  useUnsavedChanges(form.formState.isDirty);
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(savedText);
        form.reset(valuesOf(saved));
      },
      onError: (err) => {
        if (!setServerFieldError(err, form.setError, fields)) toast.error('Errore', { description: errorMessage(err, errorText) });
      },
    }),
  );
  return { form, onSubmit };
}
