import { useEffect, useId, useState } from 'react';
import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { PALETTE_PRESETS, type StoreColors } from '@vetrina/shared';
import { Label } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { ColorSwatches } from './color-swatches';

const FIELDS: Array<[keyof StoreColors, string]> = [
  ['primary', 'Colore primario'],
  ['secondary', 'Colore secondario'],
  ['accent', 'Colore accento'],
];
const HEX = /^#[0-9a-fA-F]{6}$/;
const same = (a: StoreColors, b: StoreColors) => (Object.keys(a) as Array<keyof StoreColors>).every((k) => a[k].toUpperCase() === b[k].toUpperCase());

/** The 4 presets of spec §3 plus custom primary, secondary and accent. */
export function PalettePicker({ value, onChange, disabled }: { value: StoreColors; onChange: (c: StoreColors) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium">Palette predefinite</legend>
        <RadioGroup.Root
          value={PALETTE_PRESETS.find((p) => same(p.colors, value))?.name ?? ''}
          onValueChange={(name) => {
            const preset = PALETTE_PRESETS.find((p) => p.name === name);
            if (preset) onChange({ ...preset.colors });
          }}
          disabled={disabled}
          aria-label="Palette predefinite"
          className="grid gap-2 sm:grid-cols-2"
        >
          {PALETTE_PRESETS.map((p) => {
            const selected = same(p.colors, value);
            return (
              <RadioGroup.Item
                key={p.name}
                value={p.name}
                className={cn(
                  'flex items-center justify-between gap-3 rounded-lg border p-3 text-left text-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
                  selected && 'border-primary ring-1 ring-primary',
                )}
              >
                <span className="font-medium">{p.name}</span>
                <span className="flex items-center gap-2">
                  <ColorSwatches colors={p.colors} />
                  {selected && <Check className="size-4 text-primary" aria-hidden />}
                </span>
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
      </fieldset>
      <fieldset className="grid gap-3" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium">Colori personalizzati</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {FIELDS.map(([key, label]) => (
            <div key={key} className="grid gap-1.5">
              <Label htmlFor={`${id}-${key}`}>{label}</Label>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={`${label}: selettore`}
                  value={HEX.test(value[key]) ? value[key].toLowerCase() : '#000000'}
                  onChange={(e) => onChange({ ...value, [key]: e.target.value.toUpperCase() })}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-md border bg-background p-1 disabled:cursor-not-allowed"
                />
                <HexInput id={`${id}-${key}`} value={value[key]} onValid={(hex) => onChange({ ...value, [key]: hex })} testId={`color-${key}`} />
              </div>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** A hex text field that only reports complete '#RRGGBB' values, so the palette is never invalid. */
function HexInput({ id, value, onValid, testId }: { id: string; value: string; onValid: (hex: string) => void; testId: string }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const valid = HEX.test(draft);
  return (
    <Input
      id={id}
      value={draft}
      maxLength={7}
      spellCheck={false}
      autoComplete="off"
      aria-invalid={!valid || undefined}
      onChange={(e) => {
        const next = e.target.value.trim().toUpperCase();
        setDraft(next);
        if (HEX.test(next)) onValid(next);
      }}
      onBlur={() => setDraft(value)}
      className="font-mono uppercase"
      data-testid={testId}
    />
  );
}
