import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Send } from 'lucide-react';
import { inviteMemberSchema, teamMsg, type InviteMemberInput } from '@vetrina/shared';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useInviteMember } from '../api';
import { RolePicker } from './role-picker';

type InviteOutput = z.output<typeof inviteMemberSchema>;

/** Admins only: invites an e-mail address (trimmed, lower-cased) as staff or admin. */
export function InviteForm({ storeId }: { storeId: string }) {
  const invite = useInviteMember(storeId);
  const form = useForm<InviteMemberInput, unknown, InviteOutput>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', role: 'staff' },
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const email = form.watch('email') ?? '';
  const role = form.watch('role') ?? 'staff';

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await invite.mutateAsync(values);
        form.reset({ email: '', role: 'staff' });
        toast.success(teamMsg.invited, { description: `Abbiamo inviato l'invito a ${values.email}.` });
      } catch (err) {
        if (err instanceof ApiError && err.field === 'email') form.setError('email', { message: err.message });
        toast.error(err instanceof ApiError && err.title ? err.title : 'Errore', { description: errorMessage(err, teamMsg.inviteFailed) });
      }
    },
    (invalid) => {
      if (invalid.email) toast.error(teamMsg.inviteEmailToast, { description: teamMsg.inviteEmailInvalid });
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Invita un membro</CardTitle>
        <CardDescription>Riceverà un'email con il link per unirsi al team. L'invito vale 7 giorni.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Invita un membro">
          <FormField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="nome@esempio.it"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <RolePicker value={role} onChange={(r) => form.setValue('role', r)} disabled={invite.isPending} />
          <div>
            <Button type="submit" disabled={email.trim() === '' || invite.isPending}>
              <Send aria-hidden /> {invite.isPending ? 'Invio in corso...' : 'Invia invito'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
