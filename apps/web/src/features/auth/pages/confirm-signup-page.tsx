import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg } from '@vetrina/shared';
import { errorMessage } from '@/lib/api';
import { sessionManager } from '@/lib/session';
import { safeRedirect } from '@/lib/auth';
import { AuthCard } from '../components/auth-card';
import { TokenResult } from '../components/token-result';
import { confirmSignup } from '../api';

/** Target of the sign-up confirmation mail (only with REQUIRE_EMAIL_CONFIRMATION=true). */
export default function ConfirmSignupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['confirm-signup', token],
    queryFn: () => confirmSignup(token),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  useEffect(() => {
    if (q.data) {
      sessionManager.set(q.data.session, 'SIGNED_IN');
      toast.success('Registrazione completata!');
      navigate(redirect ?? '/onboarding', { replace: true });
    }
  }, [q.data, navigate, redirect]);
  const state = !token || q.isError ? 'error' : 'pending';
  return (
    <AuthCard title="Conferma account">
      <TokenResult
        state={state}
        title="Impossibile confermare l’account"
        message={errorMessage(q.error, msg.linkInvalid)}
        action={{ to: '/login', label: 'Vai all’accesso' }}
      />
    </AuthCard>
  );
}
