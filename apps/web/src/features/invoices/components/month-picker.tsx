import { useId, useState } from 'react';
import { invoiceMsg } from '@vetrina/shared/invoices';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { isMonth } from '../month';

/**
 * 'Mese': a month input. Browsers without a month picker show a text box, so what is typed stays
 * local until it is a whole month ('2026-03'); only then does the page change.
 */
export function MonthPicker({ month, max, onChange }: { month: string; max: string; onChange: (month: string) => void }) {
  const id = useId();
  const [text, setText] = useState(month);
  const [shown, setShown] = useState(month);
  // The month changed from outside (back button, a link): the box follows it.
  if (shown !== month) {
    setShown(month);
    setText(month);
  }
  const invalid = text !== '' && !isMonth(text);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Mese</Label>
      <Input
        id={id}
        type="month"
        value={text}
        max={max}
        placeholder="AAAA-MM"
        className="w-44"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        data-testid="invoices-month"
        onChange={(e) => {
          setText(e.target.value);
          if (isMonth(e.target.value)) onChange(e.target.value);
        }}
      />
      <FieldError id={`${id}-error`} message={invalid ? invoiceMsg.month : undefined} />
    </div>
  );
}
