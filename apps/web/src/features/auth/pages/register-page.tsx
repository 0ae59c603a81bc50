import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { signUpSchema, type SignUpInput } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { safeRedirect } from '@/lib/auth';
import { errorMessage } from '@/lib/api';
import { isRateLimited, setServerFieldError } from '@/lib/form-errors';
import { sessionManager } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { signUp } from '../api';

export default function RegisterPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const form = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await signUp(redirect ? { ...values, redirectTo: redirect } : values);
      if (!result.session) {
        toast.success('Email di conferma inviata', { description: 'Apri il link che ti abbiamo inviato per attivare il tuo account.' });
        return;
      }
      if (!result.session.user) {
        toast.error('Registrazione fallita');
        return;
      }
      sessionManager.set(result.session, 'SIGNED_IN');
      toast.success('Registrazione completata!');
      navigate(redirect ?? '/onboarding');
    } catch (err) {
      const message = errorMessage(err, 'Riprova più tardi');
      // A common password or a taken e-mail is shown under its field; too many sign-ups stays above the button.
      setServerFieldError(err, form.setError, ['email', 'password']);
      if (isRateLimited(err)) setFormError(message);
      toast.error('Errore nella registrazione', { description: message });
    }
  });

  return (
    <AuthCard
      title="Crea il tuo account"
      description="Potrai creare il tuo primo store subito dopo la registrazione."
      footer={
        <p className="text-center text-sm text-muted-foreground">
          Hai già un account?{' '}
          <Link to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'} className="font-medium text-primary hover:underline">
            Accedi
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="Minimo 8 caratteri"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormAlert message={formError} />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Registrazione in corso...' : 'Registrati'}
        </Button>
      </form>
    </AuthCard>
  );
}
