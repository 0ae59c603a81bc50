import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  error?: string;
}

/** A labelled native select with its hint and error tied to it for screen readers (FormField's twin). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(({ label, options, hint, error, ...props }, ref) => {
  const id = useId();
  const describedBy = [hint && !error ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});
SelectField.displayName = 'SelectField';
