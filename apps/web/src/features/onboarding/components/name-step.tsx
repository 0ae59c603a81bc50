import { useId } from 'react';
import { LIMITS, storeMsg } from '@vetrina/shared';
import { FormField } from '@/components/ui/form-field';

export function NameStep({ name, onChange, onSubmit, touched }: { name: string; onChange: (v: string) => void; onSubmit: () => void; touched: boolean }) {
  const id = useId();
  const error = touched && name.trim().length < LIMITS.storeNameMin ? storeMsg.nameMin : undefined;
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
        aria-describedby={[`${id}-notes`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        onChange={(e) => onChange(e.target.value)}
      />
      {/* Both notes stay visible, error or not: they are the spec's reassurance texts. */}
      <ul id={`${id}-notes`} className="grid gap-1 text-sm text-muted-foreground">
        <li>Puoi modificarlo in qualsiasi momento</li>
        <li>Questo nome apparirà nel tuo store pubblico</li>
      </ul>
    </form>
  );
}
