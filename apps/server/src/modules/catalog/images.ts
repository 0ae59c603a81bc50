/** Kept for the product and variant saves' imports until they move: the code lives in images/service.ts. */
export { setProductGallery, setVariantImage } from './images/service.js';
