import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  confirmedEmailSchema,
  acceptedResponseSchema,
  meResponseSchema,
  profileCreatedSchema,
  sessionResponseSchema,
  signInResultSchema,
  signUpResultSchema,
  webauthnOptionsSchema,
  type SessionPayload,
  type SignInInput,
  type SignUpInput,
} from '@vetrina/shared';
import { api, errorMessage } from '@/lib/api';
import { signWithPasskey } from '@/lib/passkeys';
import { sessionManager } from '@/lib/session';
import { queryClient } from '@/lib/query-client';

export const signIn = (body: SignInInput) => api('/api/auth/login', { body, schema: signInResultSchema });
/** The second step of sign-in: the challenge from the password step and a code (or a recovery code). */
export const verifySecondStep = (challengeId: string, code: string) =>
  api('/api/auth/login/verify', { body: { challengeId, code }, schema: sessionResponseSchema });
/**
 * 'Accedi con una passkey': the server's options (bound to the password step when `challengeId` is
 * given), the device signs, the server opens the session.
 */
export async function signInWithPasskey(challengeId?: string) {
  const bound = challengeId ? { challengeId } : {};
  const { options } = await api('/api/auth/login/passkey/options', { body: bound, schema: webauthnOptionsSchema });
  const credential = await signWithPasskey(options);
  return api('/api/auth/login/passkey', { body: { credential, ...bound }, schema: sessionResponseSchema });
}
export const signUp = (body: SignUpInput) => api('/api/auth/signup', { body, schema: signUpResultSchema });
export const requestPasswordReset = (email: string) => api('/api/auth/recover', { body: { email }, schema: acceptedResponseSchema });
export const resetPassword = (token: string, password: string) => api('/api/auth/reset-password', { body: { token, password }, schema: signInResultSchema });
export const confirmEmailChange = (token: string) => api('/api/auth/email-change/confirm', { body: { token }, schema: confirmedEmailSchema });
export const verifyEmail = (token: string) => api('/api/auth/verify-email', { body: { token }, schema: confirmedEmailSchema });
export const confirmSignup = (token: string) => api('/api/auth/confirm', { body: { token }, schema: sessionResponseSchema });

/**
 * What happens right after a sign-in (spec §4): profile missing → created with a default store
 * ('Profilo creato!', onboarding); no active store → 'Configurazione incompleta', onboarding;
 * otherwise 'Login effettuato!' and the dashboard (or the page that asked for sign-in).
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  return async (session: SessionPayload, redirect: string | null) => {
    sessionManager.set(session, 'SIGNED_IN');
    const me = await queryClient.fetchQuery({ queryKey: ['me', session.user.id], queryFn: () => api('/api/me', { schema: meResponseSchema }) });
    if (!me.profile) {
      try {
        await api('/api/me/profile', { method: 'POST', body: {}, schema: profileCreatedSchema });
        await queryClient.invalidateQueries({ queryKey: ['me'] });
        toast.success('Profilo creato!');
        navigate(redirect ?? '/onboarding');
      } catch (err) {
        toast.error('Errore nella configurazione', { description: errorMessage(err, 'Riprova ad accedere') });
        await sessionManager.signOut();
      }
      return;
    }
    // A shopper signing in to chat with a store (redirect back to it) is not asked to set up a store.
    if (!me.activeStore && !redirect) {
      toast('Configurazione incompleta', { description: 'Crea il tuo store per iniziare a vendere.' });
      navigate('/onboarding');
      return;
    }
    toast.success('Login effettuato!');
    navigate(redirect ?? '/dashboard');
  };
}
