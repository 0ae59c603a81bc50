import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CalendarDays, KeyRound, Mail } from 'lucide-react';
import { emailChangeSchema, type EmailChangeInput } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/lib/auth';
import { errorMessage } from '@/lib/api';
import { setServerFieldError } from '@/lib/form-errors';
import { formatLongDate } from '@/lib/format';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useRequestEmailChange, useRequestPasswordReset } from '../api';
import { DevicesCard } from '../components/devices-card';
import { NotificationPreferencesCard } from '../components/notification-preferences';
import { PasskeysCard } from '../components/passkeys-card';
import { TwoStepCard } from '../components/two-step-card';
import { TwoStepRequiredNotice } from '../components/two-step-required-notice';

export default function ProfilePage() {
  const { data: me, isLoading } = useMe();
  const changeEmail = useRequestEmailChange();
  const reset = useRequestPasswordReset();
  const form = useForm<EmailChangeInput>({ resolver: zodResolver(emailChangeSchema), defaultValues: { email: '', password: '' } });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const [emailFormError, setEmailFormError] = useState<string | null>(null);
  const { hash } = useLocation();
  // A link to a section ('#sicurezza' from a store requiring two-step sign-in, '#dispositivi' from
  // the new-device mail) lands on it once the page has its content, not at the top.
  useEffect(() => {
    if (hash.length > 1 && me) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, me]);

  const onChangeEmail = form.handleSubmit(async (values) => {
    setEmailFormError(null);
    try {
      await changeEmail.mutateAsync(values);
      form.reset();
      toast.success('Email aggiornata', { description: `Controlla la casella di ${values.email}: la modifica vale quando apri il link di conferma.` });
    } catch (err) {
      const message = errorMessage(err, 'Riprova più tardi');
      // A wrong password or a taken address belongs under its field; a limit reached, above the button.
      if (!setServerFieldError(err, form.setError, ['email', 'password'])) setEmailFormError(message);
      toast.error('Errore', { description: message });
    }
  });

  const onReset = async () => {
    if (!me) return;
    try {
      await reset.mutateAsync(me.user.email);
      toast.success('Email inviata', { description: 'Ti abbiamo inviato il link per reimpostare la password.' });
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Riprova più tardi') });
    }
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Il Tuo Profilo</h1>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Account</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          {isLoading || !me ? (
            <Skeleton className="h-10 w-2/3" />
          ) : (
            <>
              <p className="flex items-center gap-2">
                <Mail className="size-4 text-muted-foreground" aria-hidden />
                <span className="text-muted-foreground">Email:</span>{' '}
                <strong className="break-all" data-testid="profile-email">
                  {me.user.email}
                </strong>
              </p>
              <p className="flex items-center gap-2">
                <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
                <span className="text-muted-foreground">Membro dal:</span> <span>{formatLongDate(me.user.createdAt)}</span>
              </p>
            </>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Cambia email</CardTitle>
          <CardDescription>
            Ti invieremo un link di conferma al nuovo indirizzo: la modifica vale solo dopo averlo aperto. Per sicurezza avviseremo anche l’indirizzo attuale e,
            quando il nuovo sarà confermato, disconnetteremo gli altri dispositivi.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onChangeEmail} noValidate className="grid gap-4" aria-label="Cambia email">
            <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
              <FormField label="Nuova email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
              <FormField
                label="Password attuale"
                type="password"
                autoComplete="current-password"
                required
                error={errors.password?.message}
                {...form.register('password')}
              />
            </div>
            <FormAlert message={emailFormError} />
            <div>
              <Button type="submit" disabled={changeEmail.isPending}>
                {changeEmail.isPending ? 'Invio in corso...' : 'Aggiorna email'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Password</CardTitle>
          <CardDescription>Ricevi un'email con il link per scegliere una nuova password.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={onReset} disabled={reset.isPending || !me}>
            <KeyRound aria-hidden /> {reset.isPending ? 'Invio in corso...' : 'Reimposta password'}
          </Button>
        </CardContent>
      </Card>

      <h2 className="scroll-mt-20 pt-2 text-xl font-semibold tracking-tight" id="sicurezza">
        Sicurezza
      </h2>
      <TwoStepRequiredNotice />
      <TwoStepCard />

      <PasskeysCard />

      <NotificationPreferencesCard />

      <DevicesCard />
    </div>
  );
}
