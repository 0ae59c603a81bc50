import { useId } from 'react';
import { LIMITS, storeMsg } from '@vetrina/shared';
import { FormField } from '@/components/ui/form-field';

/** The reason 'Avanti' is disabled, also named by the button (aria-describedby). */
export const NAME_HINT_ID = 'onboarding-name-hint';
export const nameHint = `Inserisci almeno ${LIMITS.storeNameMin} caratteri`;

export function NameStep({ name, onChange, onSubmit, touched }: { name: string; onChange: (v: string) => void; onSubmit: () => void; touched: boolean }) {
  const id = useId();
  const tooShort = name.trim().length < LIMITS.storeNameMin;
  const error = touched && tooShort ? storeMsg.nameMin : undefined;
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <FormField
        id={id}
        label="Nome Store"
        placeholder="Il mio negozio"
        value={name}
        maxLength={LIMITS.storeNameMax}
        autoComplete="off"
        autoFocus
        required
        error={error}
        aria-describedby={[tooShort && !error ? NAME_HINT_ID : null, `${id}-notes`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        onChange={(e) => onChange(e.target.value)}
      />
      {/* Until the name is long enough: why 'Avanti' is disabled (the error replaces it once the field was left). */}
      {tooShort && !error && (
        <p id={NAME_HINT_ID} className="text-sm text-muted-foreground">
          {nameHint}
        </p>
      )}
      {/* Both notes stay visible, error or not: they are the spec's reassurance texts. */}
      <ul id={`${id}-notes`} className="grid gap-1 text-sm text-muted-foreground">
        <li>Puoi modificarlo in qualsiasi momento</li>
        <li>Questo nome apparirà nel tuo store pubblico</li>
      </ul>
    </form>
  );
}
