import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Lock } from 'lucide-react';
import { LIMITS, can, updateStoreSchema, type StoreSummary, type UpdateStoreInput } from '@vetrina/shared';
import { LogoPicker } from '@/components/store/logo-picker';
import { PalettePicker } from '@/components/store/palette-picker';
import { ThemePicker } from '@/components/store/theme-picker';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { DEFAULT_COLORS } from '@vetrina/shared';
import { useSaveStoreSettings } from '../api';
import { PublicUrlField } from './public-url-field';
import { SampleDataCard } from '@/components/store/sample-data-card';
import { SettingsSection } from './settings-section';

/** Spec §2 "Store settings". Only admins may save: staff see the same page read-only. */
export function StoreSettingsForm({ store }: { store: StoreSummary }) {
  const navigate = useNavigate();
  const canEdit = can(store, 'store:settings');
  const save = useSaveStoreSettings(store.id);
  const [logo, setLogo] = useState<File | 'remove' | null>(null);
  const form = useForm<UpdateStoreInput>({
    resolver: zodResolver(updateStoreSchema),
    defaultValues: { name: store.name, colors: store.colors, themeId: store.themeId ?? undefined },
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty || logo !== null);
  const name = form.watch('name') ?? '';

  const onSubmit = form.handleSubmit((fields) =>
    save.mutate(
      { fields, logo },
      {
        onSuccess: (saved) => {
          toast.success('Modifiche salvate');
          setLogo(null);
          form.reset({ name: saved.name, colors: saved.colors, themeId: saved.themeId ?? undefined });
        },
        onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Riprova più tardi') }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      {!canEdit && (
        <p role="status" className="flex items-center gap-2 rounded-lg border bg-background p-3 text-sm text-muted-foreground">
          <Lock className="size-4 shrink-0" aria-hidden /> Solo gli amministratori dello store possono modificare queste impostazioni.
        </p>
      )}
      <fieldset disabled={!canEdit || save.isPending} className="grid gap-6">
        <SettingsSection title="Informazioni" description="Il nome appare nel tuo store pubblico.">
          <div className="grid gap-4">
            <FormField
              label="Nome Store"
              placeholder="Il mio negozio"
              maxLength={LIMITS.storeNameMax}
              error={errors.name?.message}
              {...form.register('name')}
            />
            <PublicUrlField slug={store.slug} />
          </div>
        </SettingsSection>
        <SettingsSection title="Logo dello Store" description="Facoltativo. Viene mostrato nell'intestazione del tuo store.">
          <LogoPicker
            file={logo instanceof File ? logo : null}
            currentUrl={logo === 'remove' ? null : store.logoUrl}
            onChange={(f) => setLogo(f)}
            onRemoveCurrent={() => setLogo('remove')}
            disabled={!canEdit}
          />
        </SettingsSection>
        <SettingsSection title="Palette colori">
          <Controller
            control={form.control}
            name="colors"
            render={({ field }) => <PalettePicker value={field.value ?? { ...DEFAULT_COLORS }} onChange={field.onChange} disabled={!canEdit} />}
          />
        </SettingsSection>
        <SettingsSection title="Tema">
          <Controller
            control={form.control}
            name="themeId"
            render={({ field }) => (
              <ThemePicker
                value={field.value ?? null}
                onChange={field.onChange}
                colors={form.watch('colors') ?? store.colors}
                storeName={name}
                disabled={!canEdit}
              />
            )}
          />
        </SettingsSection>
      </fieldset>
      {canEdit && <SampleDataCard storeId={store.id} />}
      <div className="sticky bottom-0 -mx-4 flex justify-end gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
        <Button variant="outline" onClick={() => navigate('/dashboard/stores')}>
          Annulla
        </Button>
        {canEdit && (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Salvataggio...' : 'Salva Modifiche'}
          </Button>
        )}
      </div>
    </form>
  );
}
