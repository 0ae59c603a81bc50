import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { signInSchema, type SecondStep, type SignInInput } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { safeRedirect } from '@/lib/auth';
import { errorMessage } from '@/lib/api';
import { passkeysSupported } from '@/lib/passkeys';
import { AuthCard } from '../components/auth-card';
import { PasskeySignIn } from '../components/passkey-sign-in';
import { SecondStepForm } from '../components/second-step-form';
import { signIn, useAfterSignIn } from '../api';

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const afterSignIn = useAfterSignIn();
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const withPasskeys = passkeysSupported();
  const onSignedIn = (session: Parameters<typeof afterSignIn>[0]) => afterSignIn(session, redirect);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signIn(values);
      if ('secondStep' in result) {
        setSecondStep(result.secondStep);
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

  if (secondStep) {
    const { challengeId, factors } = secondStep;
    const withCode = factors.includes('totp');
    return (
      <AuthCard title="Verifica in due passaggi" description="Un ultimo passaggio per proteggere il tuo account">
        {withCode && <SecondStepForm challengeId={challengeId} onSignedIn={onSignedIn} onCancel={() => setSecondStep(null)} />}
        {factors.includes('webauthn') && withPasskeys && (
          <>
            {withCode ? <OrDivider /> : <p className="text-sm text-muted-foreground">Conferma l’accesso con una delle passkey del tuo account.</p>}
            <PasskeySignIn
              label={withCode ? 'Usa invece una passkey' : 'Usa una passkey'}
              variant={withCode ? 'outline' : 'default'}
              challengeId={challengeId}
              onSignedIn={onSignedIn}
            />
          </>
        )}
        {!withCode && !withPasskeys && <p className="text-sm text-muted-foreground">Questo browser non supporta le passkey: accedi da un browser recente.</p>}
        {!withCode && (
          <button type="button" className="text-sm text-muted-foreground hover:underline" onClick={() => setSecondStep(null)}>
            Torna indietro
          </button>
        )}
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
      {withPasskeys && (
        <>
          <OrDivider />
          <PasskeySignIn label="Accedi con una passkey" onSignedIn={onSignedIn} />
        </>
      )}
    </AuthCard>
  );
}

function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      oppure
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
