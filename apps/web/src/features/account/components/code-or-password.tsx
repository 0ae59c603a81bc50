import { useState } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';

/** The proof a two-step change asks for: a current code of the app, or the password instead. */
export function useCodeOrPassword() {
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  return {
    withPassword,
    value,
    setValue,
    proof: withPassword ? { password: value } : { code: value },
    /** 'Usa invece la password' / 'Usa invece un codice': the other kind, typed afresh. */
    switchKind: () => {
      setWithPassword((p) => !p);
      setValue('');
    },
  };
}

/** 'Codice di verifica' (or 'Password attuale'), the form's error and the link that switches between them. */
export function CodeOrPasswordField({
  input,
  error,
  onSwitch,
}: {
  input: ReturnType<typeof useCodeOrPassword>;
  error: string | null;
  /** Runs after a switch (the regeneration form clears its error there). */
  onSwitch?: () => void;
}) {
  return (
    <>
      {input.withPassword ? (
        <FormField
          key="pw"
          label="Password attuale"
          type="password"
          autoComplete="current-password"
          required
          value={input.value}
          onChange={(e) => input.setValue(e.target.value)}
        />
      ) : (
        <FormField
          key="code"
          label="Codice di verifica"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={input.value}
          onChange={(e) => input.setValue(e.target.value.trim())}
        />
      )}
      <FormAlert message={error} />
      <button
        type="button"
        className="justify-self-start text-sm text-primary hover:underline"
        onClick={() => {
          input.switchKind();
          onSwitch?.();
        }}
      >
        {input.withPassword ? 'Usa invece un codice' : 'Usa invece la password'}
      </button>
    </>
  );
}
