// The public API's response schemas. Loaded on demand only (publicApi imports this module the first
// time an answer arrives): nothing imports it statically, so zod stays out of the storefront's
// first load. Server-rendered pages are parsed on the server with the same schemas.
export { publicStoreResponseSchema, storefrontProductPageSchema, storefrontProductResponseSchema, storefrontSuggestionsResponseSchema } from '@vetrina/shared/storefront';
export { checkoutResultSchema } from '@vetrina/shared/orders';
export { publicOrderResponseSchema, publicPaymentOptionsSchema } from '@vetrina/shared/payments';
export { discountCheckResultSchema } from '@vetrina/shared/discounts';
export { publicLegalPageResponseSchema } from '@vetrina/shared/business';
export { withdrawableOrderSchema, withdrawalReceiptSchema } from '@vetrina/shared/returns';
