import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { signInSchema, type SignInInput } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { safeRedirect } from '@/lib/auth';
import { errorMessage } from '@/lib/api';
import { AuthCard } from '../components/auth-card';
import { SecondStepForm } from '../components/second-step-form';
import { signIn, useAfterSignIn } from '../api';

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const afterSignIn = useAfterSignIn();
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const [challengeId, setChallengeId] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signIn(values);
      if ('secondStep' in result) {
        setChallengeId(result.secondStep.challengeId);
        return;
      }
      const { session } = result;
      if (!session?.user) {
        toast.error('Login fallito');
        return;
      }
      await afterSignIn(session, redirect);
    } catch (err) {
      toast.error('Errore nel login', { description: errorMessage(err, 'Credenziali non valide') });
    }
  });

  if (challengeId) {
    return (
      <AuthCard title="Verifica in due passaggi" description="Un ultimo passaggio per proteggere il tuo account">
        <SecondStepForm challengeId={challengeId} onSignedIn={(session) => afterSignIn(session, redirect)} onCancel={() => setChallengeId(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Bentornato"
      description="Accedi per gestire i tuoi store"
      footer={
        <p className="text-center text-sm text-muted-foreground">
          Non hai un account?{' '}
          <Link to={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'} className="font-medium text-primary hover:underline">
            Registrati
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <FormField label="Password" type="password" autoComplete="current-password" required error={errors.password?.message} {...form.register('password')} />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm text-primary hover:underline">
            Password dimenticata?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Accesso in corso...' : 'Accedi'}
        </Button>
      </form>
    </AuthCard>
  );
}
