/** Kept for the product, variant and storefront imports until they move: the code lives in images/files.ts. */
export * from './images/files.js';
