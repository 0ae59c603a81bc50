import { useCallback, useEffect, useRef, useState } from 'react';
import type { WithdrawableOrder, WithdrawalOrderRef, WithdrawalReceipt } from '@vetrina/shared/returns';
import { ApiError } from '@/lib/api-error';
import { publicApi } from '../data/public-api';
import { EMPTY_DRAFT, draftErrors, newRequestKey, pairRef, withdrawalBody, type DraftErrors, type DraftField, type WithdrawalDraft } from './withdrawal-state';

export type WithdrawalStep = 'find' | 'choose' | 'review' | 'done';

const FALLBACK = 'Impossibile raggiungere il negozio. Controlla la connessione e riprova.';
const FIELDS: DraftField[] = ['iban', 'reason', 'name', 'email', 'lines'];

/** A server error on one of step one's fields goes back beside it; any other is the form's. */
function placeError(err: unknown): { field?: DraftField; message: string } {
  if (!(err instanceof ApiError)) return { message: FALLBACK };
  const field = FIELDS.find((f) => err.field === f || err.field?.startsWith(`${f}.`));
  return { field, message: err.message || FALLBACK };
}

/**
 * The two steps of 'Recedi dal contratto': find the order (the order page's token from
 * `?ordine=`, or its number and e-mail), choose lines ('Continua'), review and 'Conferma il recesso'.
 */
export function useWithdrawal(slug: string, token: string | null) {
  const base = `/api/public/stores/${encodeURIComponent(slug)}/withdrawals`;
  // With the order page's token the first view is its lookup, on the server too.
  const [step, setStep] = useState<WithdrawalStep | 'loading'>(token ? 'loading' : 'find');
  const [ref, setRef] = useState<WithdrawalOrderRef | null>(null);
  const [order, setOrder] = useState<WithdrawableOrder | null>(null);
  const [draft, setDraft] = useState<WithdrawalDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null);
  const requestKey = useRef<string | null>(null);
  /** How many times step one was sent back with errors (the form then focuses the first). */
  const [failures, setFailures] = useState(0);

  const lookup = useCallback(
    async (next: WithdrawalOrderRef) => {
      setBusy(true);
      setFormError(null);
      try {
        const found = await publicApi(`${base}/lookup`, { schema: (s) => s.withdrawableOrderSchema, method: 'POST', body: next, fresh: true });
        setRef(next);
        setOrder(found);
        setDraft((d) => ({ ...d, orderNumber: String(found.orderNumber), name: d.name || found.customerName, email: d.email || found.customerEmail }));
        setStep('choose');
      } catch (err) {
        setFormError(placeError(err).message);
        setStep((s) => (s === 'loading' ? 'find' : s));
      } finally {
        setBusy(false);
      }
    },
    [base],
  );

  // The order page's link names the order: looked up in the browser (the server never reads the order).
  useEffect(() => {
    if (token) void lookup({ token });
  }, [lookup, token]);

  const update = (patch: Partial<WithdrawalDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const left = { ...e };
      for (const k of Object.keys(patch) as (keyof WithdrawalDraft)[]) delete left[k === 'chosen' ? 'lines' : (k as DraftField)];
      return left;
    });
  };

  return {
    step,
    token,
    order,
    draft,
    errors,
    formError,
    busy,
    receipt,
    failures,
    update,
    find() {
      const { ref: pair, errors: e } = pairRef(draft);
      setErrors(e);
      if (pair) void lookup(pair);
    },
    /** The footer form: look up another order. */
    restart() {
      setOrder(null);
      setRef(null);
      setFormError(null);
      setStep('find');
    },
    next() {
      if (!order) return;
      const e = draftErrors(order, draft);
      setErrors(e);
      setFormError(null);
      if (Object.keys(e).length === 0) setStep('review');
      else setFailures((n) => n + 1);
    },
    back: () => setStep('choose'),
    async confirm() {
      if (!order || !ref) return;
      requestKey.current ??= newRequestKey();
      setBusy(true);
      setFormError(null);
      try {
        const body = withdrawalBody(ref, order, draft, requestKey.current);
        setReceipt(await publicApi(base, { schema: (s) => s.withdrawalReceiptSchema, method: 'POST', body }));
        setStep('done');
      } catch (err) {
        const placed = placeError(err);
        if (placed.field) {
          setErrors({ [placed.field]: placed.message });
          setFailures((n) => n + 1);
          setStep('choose');
        } else setFormError(placed.message);
      } finally {
        setBusy(false);
      }
    },
  };
}
export type WithdrawalForm = ReturnType<typeof useWithdrawal>;
