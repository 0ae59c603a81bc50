import { forwardRef, useId } from 'react';
import { WITHDRAWAL_DAYS } from '@vetrina/shared/legal-pages';

interface Props {
  home: string;
  checked: boolean;
  error: string | null;
  onChange: (checked: boolean) => void;
}

/**
 * 'Ho letto e accetto i Termini e condizioni': required before the order (the server refuses an
 * order without it). The pages open in a new tab so the form keeps what was typed.
 */
export const TermsConsent = forwardRef<HTMLInputElement, Props>(({ home, checked, error, onChange }, ref) => {
  const id = useId();
  const link = 'font-medium text-(--sf-primary-ink) underline underline-offset-4';
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3 text-sm">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-errore` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-(--sf-primary)"
        />
        <label htmlFor={id}>
          Ho letto e accetto i{' '}
          <a href={`${home}/termini`} target="_blank" rel="noopener" className={link}>
            Termini e condizioni
          </a>{' '}
          e l’
          <a href={`${home}/privacy`} target="_blank" rel="noopener" className={link}>
            informativa sulla privacy
          </a>
          .
        </label>
      </div>
      <p className="pl-8 text-xs opacity-75" data-testid="withdrawal-hint">
        Puoi recedere entro {WITHDRAWAL_DAYS} giorni dalla consegna con «Recedi dal contratto», in fondo a ogni pagina del negozio.
      </p>
      {error && (
        <p id={`${id}-errore`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
TermsConsent.displayName = 'TermsConsent';
