import { forwardRef, useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import clsx from 'clsx';
import { useStorefront } from '../store-context';

interface Common {
  label: string;
  error?: string;
  hint?: string;
}

function useFieldIds(error?: string, hint?: string) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-errore`].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function FieldFrame({ id, label, error, hint, children }: Common & { id: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 grid-cols-1 content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs opacity-70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-errore`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const controlClass = (theme: string, error?: string) =>
  clsx(
    'w-full px-3 text-base text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-(--sf-primary-ink) sm:text-sm',
    theme,
    error && 'border-red-600 ring-1 ring-red-600',
  );

/** A labelled checkout input; its hint and error are tied to it for screen readers. */
export const CheckoutInputField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(
  ({ label, error, hint, className, ...props }, ref) => {
    const { theme } = useStorefront();
    const { id, describedBy } = useFieldIds(error, hint);
    return (
      <FieldFrame id={id} label={label} error={error} hint={hint}>
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(controlClass(theme.control, error), 'h-11', className)}
          {...props}
        />
      </FieldFrame>
    );
  },
);
CheckoutInputField.displayName = 'CheckoutInputField';

export const CheckoutTextareaField = forwardRef<HTMLTextAreaElement, Common & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ label, error, hint, className, ...props }, ref) => {
    const { theme } = useStorefront();
    const { id, describedBy } = useFieldIds(error, hint);
    return (
      <FieldFrame id={id} label={label} error={error} hint={hint}>
        <textarea
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(controlClass(theme.control, error), 'min-h-24 py-2', className)}
          {...props}
        />
      </FieldFrame>
    );
  },
);
CheckoutTextareaField.displayName = 'CheckoutTextareaField';

export const CheckoutSelectField = forwardRef<HTMLSelectElement, Common & SelectHTMLAttributes<HTMLSelectElement>>(
  ({ label, error, hint, className, children, ...props }, ref) => {
    const { theme } = useStorefront();
    const { id, describedBy } = useFieldIds(error, hint);
    return (
      <FieldFrame id={id} label={label} error={error} hint={hint}>
        <select
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(controlClass(theme.control, error), 'h-11 bg-white', className)}
          {...props}
        >
          {children}
        </select>
      </FieldFrame>
    );
  },
);
CheckoutSelectField.displayName = 'CheckoutSelectField';
