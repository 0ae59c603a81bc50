import { Minus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** − n + between 0 and `max`, for one line of a return or refund; `label` names the product for screen readers. */
export function QuantityStepper({ value, max, label, onChange }: { value: number; max: number; label: string; onChange: (n: number) => void }) {
  const set = (n: number) => onChange(Math.min(max, Math.max(0, Number.isFinite(n) ? Math.floor(n) : 0)));
  return (
    <div className="inline-flex shrink-0 items-center gap-1" role="group" aria-label={`Quantità di ${label}`}>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-8"
        onClick={() => set(value - 1)}
        disabled={value <= 0}
        aria-label={`Diminuisci la quantità di ${label}`}
      >
        <Minus aria-hidden />
      </Button>
      <input
        type="text"
        inputMode="numeric"
        value={value}
        onChange={(e) => set(Number(e.target.value.replace(/\D/g, '')))}
        onFocus={(e) => e.target.select()}
        aria-label={`Quantità di ${label} (massimo ${max})`}
        className="h-8 w-11 rounded-md border border-input bg-background text-center text-sm tabular-nums focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-8"
        onClick={() => set(value + 1)}
        disabled={value >= max}
        aria-label={`Aumenta la quantità di ${label}`}
      >
        <Plus aria-hidden />
      </Button>
      <span className="w-10 text-xs text-muted-foreground tabular-nums">di {max}</span>
    </div>
  );
}
