import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, msg, type SessionPayload } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import { setServerFieldError } from '@/lib/form-errors';
import { sessionManager } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { SecondStepForm } from '../components/second-step-form';
import { resetPassword } from '../api';

const formSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN, msg.passwordMin).max(PASSWORD_MAX, msg.passwordTooLong),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: 'Le password non coincidono', path: ['confirm'] });
type FormValues = z.infer<typeof formSchema>;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const onSignedIn = (session: SessionPayload) => {
    sessionManager.set(session, 'PASSWORD_RECOVERY');
    toast.success('Password aggiornata', { description: 'Hai effettuato l’accesso con la nuova password.' });
    navigate('/dashboard', { replace: true });
  };

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    setFormError(null);
    try {
      const result = await resetPassword(token, password);
      if ('secondStep' in result) {
        toast.success('Password aggiornata', { description: 'Inserisci il codice di verifica per accedere.' });
        setChallengeId(result.secondStep.challengeId);
        return;
      }
      onSignedIn(result.session);
    } catch (err) {
      const message = errorMessage(err, 'Riprova più tardi');
      // A password the server refuses as too common goes under the field; an expired link above the button.
      if (!setServerFieldError(err, form.setError, ['password'])) setFormError(message);
      toast.error('Errore', { description: message });
    }
  });

  if (challengeId) {
    return (
      <AuthCard title="Verifica in due passaggi" description="La password è aggiornata: un ultimo passaggio per accedere">
        <SecondStepForm challengeId={challengeId} onSignedIn={async (session) => onSignedIn(session)} onCancel={() => navigate('/login')} />
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard title="Link non valido" description={msg.linkInvalid}>
        <Link to="/forgot-password" className="block text-center text-sm text-primary hover:underline">
          Richiedi un nuovo link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Imposta una nuova password" description="Scegli una password di almeno 8 caratteri.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField
          label="Nuova password"
          type="password"
          autoComplete="new-password"
          required
          hint="Minimo 8 caratteri"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          label="Conferma password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <FormAlert message={formError} />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Salvataggio in corso...' : 'Salva nuova password'}
        </Button>
      </form>
    </AuthCard>
  );
}
