import { forwardRef, useEffect, useImperativeHandle, useRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** Some but not all of what it stands for are ticked ('Seleziona tutti' with part of the page chosen). */
  indeterminate?: boolean;
};

/**
 * A native checkbox (keyboard, screen readers and form semantics as the platform gives them) in
 * the platform's accent colour. Give it a label: `aria-label` or a `<label htmlFor>`.
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(({ className, indeterminate = false, ...props }, ref) => {
  const inner = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inner.current as HTMLInputElement);
  // 'Mixed' exists only as a DOM property, never as an attribute.
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={inner}
      type="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
});
Checkbox.displayName = 'Checkbox';
