import { freshProofMsg } from '@vetrina/shared/fresh-proof';
import { ApiError } from './api-error';

/**
 * 'Conferma la tua identità' between the API client and the dialog (issue 49, point 4). A change
 * that moves money or power answers 403 'reauth_required' when the last proof is over five minutes
 * old; the client asks here, the dialog (mounted by the app's providers) shows while a question is
 * open and answers it. Several requests refused at once share one dialog.
 */
export interface FreshProofQuestion {
  /** The server's refusal, for its message. */
  refusal: ApiError;
}

type Listener = () => void;
let open: { question: FreshProofQuestion; answer: Promise<boolean>; settle: (proved: boolean) => void } | null = null;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

export const freshProof = {
  /** True once the user proved who they are; false when they closed the dialog (or none is mounted). */
  ask(refusal: ApiError): Promise<boolean> {
    if (open) return open.answer;
    let settle!: (proved: boolean) => void;
    const answer = new Promise<boolean>((resolve) => (settle = resolve));
    open = { question: { refusal }, answer, settle };
    notify();
    return answer;
  },
  /** A dialog is mounted to ask (not on pages rendered without the app's providers). */
  available: () => listeners.size > 0,
  /** The dialog's answer: closes the question. */
  settle(proved: boolean) {
    const current = open;
    open = null;
    current?.settle(proved);
    notify();
  },
  /** The open question (null: no dialog), for useSyncExternalStore. */
  current: (): FreshProofQuestion | null => open?.question ?? null,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The refusal a cancelled proof leaves the form with: clear, and the same code, so nothing else reacts. */
export const cancelledProof = (refusal: ApiError) => new ApiError(refusal.status, 'reauth_required', freshProofMsg.cancelled, undefined, refusal.title);

/** Hook point of the API client: a refused change asked once, then sent again. */
export async function retryAfterFreshProof(refusal: ApiError, resend: () => Promise<Response>): Promise<Response | ApiError> {
  if (refusal.status !== 403 || refusal.code !== 'reauth_required' || !freshProof.available()) return refusal;
  if (!(await freshProof.ask(refusal))) return cancelledProof(refusal);
  return resend();
}
