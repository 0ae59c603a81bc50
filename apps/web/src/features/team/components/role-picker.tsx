import { useId } from 'react';
import { ROLES, ROLE_LABELS, type Role } from '@vetrina/shared';
import { cn } from '@/lib/cn';

const HINTS: Record<Role, string> = {
  staff: 'Gestisce prodotti, ordini e messaggi',
  admin: 'Può anche invitare membri e rimuovere lo staff',
};

/** The invited role as two labelled radio buttons: arrow keys move between them. */
export function RolePicker({ value, onChange, disabled }: { value: Role; onChange: (role: Role) => void; disabled?: boolean }) {
  const name = useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Ruolo</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {ROLES.map((role) => (
          <label
            key={role}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === role && 'border-primary bg-accent',
            )}
          >
            <input type="radio" name={name} value={role} checked={value === role} onChange={() => onChange(role)} className="mt-0.5 accent-primary" />
            <span>
              <span className="block font-medium">{ROLE_LABELS[role]}</span>
              <span className="block text-xs text-muted-foreground">{HINTS[role]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
