import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { transferOwnershipSchema, teamMsg, type TeamMember, type TransferOwnershipInput } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { setServerFieldError } from '@/lib/form-errors';
import type { useTransferOwnership } from '../api';

/** Inside the transfer dialog: which admin becomes the owner, confirmed with the current password. */
export function TransferOwnershipForm({
  storeName,
  candidates,
  transfer,
  onDone,
}: {
  storeName: string;
  candidates: TeamMember[];
  transfer: ReturnType<typeof useTransferOwnership>;
  onDone: () => void;
}) {
  const selectId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TransferOwnershipInput>({
    resolver: zodResolver(transferOwnershipSchema),
    defaultValues: { memberId: candidates[0]?.id ?? '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await transfer.mutateAsync(values);
      const to = candidates.find((c) => c.id === values.memberId);
      toast.success(teamMsg.transferred, { description: `${to?.email ?? 'Il nuovo proprietario'} ora è il proprietario di ${storeName}.` });
      onDone();
    } catch (err) {
      const message = errorMessage(err, teamMsg.transferFailed);
      if (!setServerFieldError(err, form.setError, ['password', 'memberId'])) setFormError(message);
      toast.error(teamMsg.transferFailed, { description: message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Trasferisci la proprietà">
      <div className="grid gap-2">
        <Label htmlFor={selectId}>Nuovo proprietario</Label>
        <NativeSelect
          id={selectId}
          aria-invalid={errors.memberId ? true : undefined}
          aria-describedby={errors.memberId ? `${selectId}-error` : undefined}
          {...form.register('memberId')}
        >
          {candidates.map((m) => (
            <option key={m.id} value={m.id}>
              {m.email}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${selectId}-error`} message={errors.memberId?.message} />
      </div>
      <FormField
        label="Password attuale"
        type="password"
        autoComplete="current-password"
        required
        hint="Per sicurezza conferma con la password con cui accedi."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormAlert message={formError} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={transfer.isPending}>
            Annulla
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={transfer.isPending}>
          {transfer.isPending ? 'Trasferimento in corso...' : 'Trasferisci la proprietà'}
        </Button>
      </DialogFooter>
    </form>
  );
}
