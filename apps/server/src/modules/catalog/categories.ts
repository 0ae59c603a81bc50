/** Kept for the product saves' import until they move into their sub-folder: the rules live in categories/service.ts. */
export { assertCategoryOf } from './categories/service.js';
