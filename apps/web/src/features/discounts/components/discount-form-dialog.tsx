import { useId, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { DISCOUNT_KINDS, DISCOUNT_KIND_LABELS, DISCOUNT_LIMITS, type DiscountCode, type DiscountCodeData } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { MoneyField } from '@/components/ui/money-field';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { ApiError, errorMessage } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useSaveDiscount } from '../api';
import { discountFormFieldOf, discountFormSchema, discountFormValues, type DiscountFormValues } from '../discount-form';
import { plural } from '@vetrina/shared/plural';

/** Shoppers type codes in any case; the field shows them as they will be stored. */
function upperCaseInPlace(e: ChangeEvent<HTMLInputElement>) {
  const input = e.target;
  const { selectionStart, selectionEnd } = input;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    input.value = upper;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
}

/**
 * 'Nuovo codice' / 'Modifica …': every term of a code; the server checks the same schema again.
 * Only the field is named 'Codice' (the title says 'Nuovo sconto'), so getByLabel('Codice') finds one element.
 */
export function DiscountFormDialog({
  storeId,
  discount,
  open,
  onOpenChange,
}: {
  storeId: string;
  discount?: DiscountCode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveDiscount(storeId);
  const form = useForm<DiscountFormValues, unknown, DiscountCodeData>({
    resolver: zodResolver(discountFormSchema),
    defaultValues: discountFormValues(discount),
  });
  const { errors, isDirty } = form.formState;
  const unsaved = useUnsavedChanges(open && isDirty);
  const kind = form.watch('kind');
  const kindId = useId();
  const activeId = useId();
  const code = form.register('code');

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(
      { id: discount?.id, body },
      {
        onSuccess: (saved) => {
          toast.success(discount ? 'Modifiche salvate' : `Codice ${saved.code} creato`);
          unsaved.markSaved();
          onOpenChange(false);
        },
        onError: (err) => {
          const field = err instanceof ApiError ? discountFormFieldOf(err.field) : null;
          if (field) form.setError(field, { type: 'server', message: err.message }, { shouldFocus: true });
          else if (err instanceof ApiError && err.status < 500) form.setError('root', { type: 'server', message: err.message });
          else toast.error('Errore', { description: errorMessage(err, 'Impossibile salvare il codice sconto') });
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{discount ? `Modifica ${discount.code}` : 'Nuovo sconto'}</DialogTitle>
          <DialogDescription>
            {discount && discount.uses > 0
              ? `Già usato ${plural(discount.uses, 'volta', 'volte')}: le modifiche valgono per i prossimi ordini, quelli passati restano come sono.`
              : 'I clienti inseriscono il codice nel carrello o al checkout per ottenere lo sconto.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <fieldset disabled={save.isPending} className="grid items-start gap-4 sm:grid-cols-2">
            <FormField
              label="Codice"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              maxLength={DISCOUNT_LIMITS.codeMax}
              placeholder="ESTATE20"
              className="font-mono"
              hint="Lettere, cifre, - e _"
              error={errors.code?.message}
              {...code}
              onChange={(e) => {
                upperCaseInPlace(e);
                return code.onChange(e);
              }}
            />
            <div className="grid content-start gap-2">
              <Label htmlFor={kindId}>Tipo</Label>
              <NativeSelect
                id={kindId}
                aria-invalid={errors.kind ? true : undefined}
                aria-describedby={errors.kind ? `${kindId}-error` : undefined}
                {...form.register('kind')}
              >
                {DISCOUNT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {DISCOUNT_KIND_LABELS[k]}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={`${kindId}-error`} message={errors.kind?.message} />
            </div>
            <FormField
              label="Valore"
              inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
              autoComplete="off"
              maxLength={12}
              placeholder={kind === 'percent' ? '20' : '5,00'}
              hint={kind === 'percent' ? 'Percentuale intera da 1 a 100' : 'In euro, ad esempio 5 o 12,90'}
              error={errors.value?.message}
              {...form.register('value')}
            />
            <MoneyField
              label="Ordine minimo"
              hint="Facoltativo: in euro, sul totale dei prodotti"
              error={errors.minOrder?.message}
              {...form.register('minOrder')}
            />
            <FormField
              label="Valido dal"
              type="datetime-local"
              hint="Facoltativo: vuoto, da subito"
              error={errors.startsAt?.message}
              {...form.register('startsAt')}
            />
            <FormField
              label="Valido fino al"
              type="datetime-local"
              hint="Facoltativo: vuoto, senza scadenza"
              error={errors.endsAt?.message}
              {...form.register('endsAt')}
            />
            <FormField
              label="Utilizzi totali"
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              placeholder="Illimitati"
              hint="Facoltativo: quanti ordini in tutto"
              error={errors.maxUses?.message}
              {...form.register('maxUses')}
            />
            <FormField
              label="Utilizzi per email"
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              placeholder="Illimitati"
              hint="Facoltativo: quanti ordini per cliente"
              error={errors.maxUsesPerEmail?.message}
              {...form.register('maxUsesPerEmail')}
            />
            <div className="flex items-center justify-between gap-3 rounded-lg border p-3 sm:col-span-2">
              <div className="grid gap-1">
                <Label htmlFor={activeId}>Codice utilizzabile</Label>
                <p id={`${activeId}-hint`} className="text-xs text-muted-foreground">
                  Solo i codici attivi si possono usare al checkout.
                </p>
              </div>
              <Controller
                control={form.control}
                name="active"
                render={({ field }) => (
                  <Switch
                    id={activeId}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby={`${activeId}-hint`}
                  />
                )}
              />
            </div>
          </fieldset>
          <FormAlert message={errors.root?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Annulla
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvataggio...' : 'Salva'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
