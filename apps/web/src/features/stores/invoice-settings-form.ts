import type { InvoiceSettings, InvoiceSettingsInput } from '@vetrina/shared/invoices';

/** The fields a server refusal may name (ApiError.field), shown under the field itself. */
export const INVOICE_SETTINGS_FIELDS = ['defaultVatCode', 'fiscalRegime', 'autoIssue'] as const satisfies readonly (keyof InvoiceSettingsInput)[];

/** The saved settings as the form starts: without what the server works out (`ready`, `updatedAt`), which the strict input refuses. */
export const invoiceSettingsValues = ({ ready: _ready, updatedAt: _updatedAt, ...input }: InvoiceSettings): InvoiceSettingsInput => input;
