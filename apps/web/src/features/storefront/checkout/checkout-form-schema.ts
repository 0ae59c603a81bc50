import type { z } from 'zod';
import type { Path } from 'react-hook-form';
import { checkoutCustomerSchema } from '@vetrina/shared/orders';
import { ITALIAN_POSTAL_CODE, invoiceRequestMsg } from '@vetrina/shared/invoice-request';
import { DOMESTIC_COUNTRY } from '@vetrina/shared/shipping';
import { provinceMsg } from '@vetrina/shared/provinces';
import { invoiceFormSchema } from './invoice-form';

const formFields = checkoutCustomerSchema.extend({ invoice: invoiceFormSchema });

/**
 * The checkout form: the shared customer schema plus 'Richiedi fattura', both with the shared
 * messages, and the rules that depend on the destination, so every message shows at the first
 * submit (the shared customer schema does not know the country). The invoice needs a 5-digit CAP,
 * the server's rule, checked here too so the shopper reads it under the CAP field; Italy needs
 * 'Provincia'.
 */
const formFor = (domestic: boolean) =>
  formFields.superRefine(
    (v, ctx) => {
      // `invoice` is null when none was asked; a request with errors of its own still needs the CAP.
      // With a billing address of its own, that address's CAP is the one checked (by the shared schema).
      if (v.invoice && !v.invoice.address && !ITALIAN_POSTAL_CODE.test(String(v.postalCode ?? '').trim()))
        ctx.addIssue({ code: 'custom', message: invoiceRequestMsg.postalCode, path: ['postalCode'] });
      if (domestic && !v.province) ctx.addIssue({ code: 'custom', message: provinceMsg.required, path: ['province'] });
    },
    // Also when other fields are wrong: every message shows at the first submit.
    { when: () => true },
  );

/** The form for a destination abroad: no 'Provincia' asked. */
export const checkoutFormSchema = formFor(false);
const domesticCheckoutFormSchema = formFor(true);

/** The form's schema for the chosen destination ('Italia' asks for 'Provincia'). */
export const checkoutFormSchemaFor = (country: string) => (country === DOMESTIC_COUNTRY ? domesticCheckoutFormSchema : checkoutFormSchema);
export type CheckoutFormValues = z.input<typeof formFields>;
export type CheckoutFormOutput = z.output<typeof checkoutFormSchema>;

const CUSTOMER_FIELDS = new Set(Object.keys(checkoutCustomerSchema.shape));
const INVOICE_FIELDS = new Set(['kind', 'taxCode', 'companyName', 'vatNumber', 'sdiCode', 'pec']);
const ADDRESS_FIELDS = new Set(['street', 'postalCode', 'city', 'province']);

/**
 * The form field a server validation error names ('customer.postalCode', 'invoice.taxCode' for a
 * codice fiscale whose check letter is wrong), or null when the error belongs to no field on screen.
 */
export function formFieldOf(field: string | undefined): Path<CheckoutFormValues> | null {
  // The request as a whole (refused for this address): shown under 'Richiedi fattura'.
  if (field === 'invoice') return 'invoice.requested';
  const [part, name, ...rest] = (field ?? '').split('.');
  if (part === 'invoice' && name === 'address' && rest.length === 1 && ADDRESS_FIELDS.has(rest[0] ?? ''))
    return `invoice.address.${rest[0]}` as Path<CheckoutFormValues>;
  if (rest.length || !name) return null;
  if (part === 'customer' && CUSTOMER_FIELDS.has(name)) return name as keyof z.input<typeof checkoutCustomerSchema>;
  if (part === 'invoice' && INVOICE_FIELDS.has(name)) return `invoice.${name}` as Path<CheckoutFormValues>;
  return null;
}
