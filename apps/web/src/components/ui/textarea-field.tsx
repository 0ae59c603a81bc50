import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Textarea } from './input';
import { FieldError, Label } from './label';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** FormField's twin for several lines of text: label, hint and error tied to the textarea. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(({ label, error, hint, id, ...props }, ref) => {
  const auto = useId();
  const fieldId = id ?? auto;
  const describedBy = [hint && !error ? `${fieldId}-hint` : null, error ? `${fieldId}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={fieldId}>{label}</Label>
      <Textarea ref={ref} id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
});
TextareaField.displayName = 'TextareaField';
