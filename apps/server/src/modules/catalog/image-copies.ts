/** Kept for the product duplicate's import until it moves: the code lives in images/copies.ts. */
export { copyImageFiles, type ImageCopy } from './images/copies.js';
