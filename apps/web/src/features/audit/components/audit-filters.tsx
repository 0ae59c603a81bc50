import { useId } from 'react';
import { AUDIT_KIND_LABELS, AUDIT_KINDS } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import type { AuditFilter } from '../api';

/** Membro, Tipo, Dal, Al: one column on a phone, four from 1024 px. */
export function AuditFilters({
  filter,
  members,
  onChange,
  onClear,
  active,
}: {
  filter: AuditFilter;
  members: { userId: string; email: string }[];
  onChange: (changes: Partial<Record<keyof AuditFilter, string | null>>) => void;
  onClear: () => void;
  active: boolean;
}) {
  const id = useId();
  const rangeWrong = !!filter.from && !!filter.to && filter.from > filter.to;
  return (
    <fieldset className="grid gap-3 rounded-xl border bg-background p-4">
      <legend className="px-1 text-sm font-medium">Filtri</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-member`}>Membro</Label>
          <NativeSelect id={`${id}-member`} value={filter.member ?? ''} onChange={(e) => onChange({ member: e.target.value || null })}>
            <option value="">Tutti i membri</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.email}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-kind`}>Tipo</Label>
          <NativeSelect id={`${id}-kind`} value={filter.kind ?? ''} onChange={(e) => onChange({ kind: e.target.value || null })}>
            <option value="">Tutte le attività</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {AUDIT_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-from`}>Dal</Label>
          <Input id={`${id}-from`} type="date" value={filter.from ?? ''} max={filter.to} onChange={(e) => onChange({ from: e.target.value || null })} />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-to`}>Al</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filter.to ?? ''}
            min={filter.from}
            aria-invalid={rangeWrong || undefined}
            aria-describedby={rangeWrong ? `${id}-range` : undefined}
            onChange={(e) => onChange({ to: e.target.value || null })}
          />
        </div>
      </div>
      {rangeWrong && (
        <p id={`${id}-range`} className="text-sm text-destructive">
          La data di inizio deve precedere quella di fine
        </p>
      )}
      {active && (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={onClear}>
            Azzera filtri
          </Button>
        </div>
      )}
    </fieldset>
  );
}
