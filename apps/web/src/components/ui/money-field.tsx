import { forwardRef, type ComponentProps } from 'react';
import { FormField } from './form-field';

type MoneyFieldProps = Omit<ComponentProps<typeof FormField>, 'type'> & {
  /** Amounts that may be negative (a variant's price difference) need a keyboard with '-'. */
  allowNegative?: boolean;
};

/**
 * A money input in euros: text, never `type="number"` (which turns '12,90' into 1290 or nothing
 * depending on the browser's language), with a decimal keyboard on phones. The form's schema
 * reads it with parseEuroToCents ('12,90', '12.90', '1.234,50').
 */
export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(({ allowNegative = false, ...props }, ref) => (
  <FormField
    ref={ref}
    type="text"
    // Phone decimal pads have no minus key.
    inputMode={allowNegative ? 'text' : 'decimal'}
    autoComplete="off"
    spellCheck={false}
    maxLength={16}
    placeholder="0,00"
    {...props}
  />
));
MoneyField.displayName = 'MoneyField';
