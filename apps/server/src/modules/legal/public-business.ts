import type { PublicBusiness } from '@vetrina/shared';

/** A stored value for the storefront: empty text is "not given" (null). */
const given = (s: string | null | undefined) => (s ? s : null);

/** The business details the storefront shows, from the row's columns (absent row: nothing shown). */
export function publicBusinessOf(
  row: Partial<Record<'company_name' | 'vat_number' | 'tax_code' | 'address' | 'pec' | 'phone' | 'email', string | null>>,
): PublicBusiness {
  return {
    companyName: given(row.company_name),
    vatNumber: given(row.vat_number),
    taxCode: given(row.tax_code),
    address: given(row.address),
    pec: given(row.pec),
    phone: given(row.phone),
    email: given(row.email),
  };
}
