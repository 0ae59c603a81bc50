import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { WebauthnOptions } from '@vetrina/shared';

/**
 * The browser's side of passkeys (navigator.credentials through @simplewebauthn/browser), loaded
 * only when a passkey is used so the sign-in page stays light.
 */
const browserLib = () => import('@simplewebauthn/browser');

/** Can this browser use passkeys at all? (Old browsers, or a page not served over HTTPS/localhost, cannot.) */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Creates a passkey on this device for the server's registration options. */
export async function createPasskey(options: WebauthnOptions['options']) {
  const { startRegistration } = await browserLib();
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/** Signs the server's challenge with a passkey the person picks. */
export async function signWithPasskey(options: WebauthnOptions['options']) {
  const { startAuthentication } = await browserLib();
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
}

/** What to tell the person when the browser (not the server) refused: cancelled, timed out, already there. */
export function passkeyBrowserError(err: unknown): string | null {
  const name = err instanceof Error ? err.name : '';
  if (name === 'InvalidStateError') return 'Questo dispositivo ha già una passkey per il tuo account.';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Operazione annullata o tempo scaduto. Riprova.';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'Questo browser non può usare le passkey su questa pagina.';
  return null;
}
