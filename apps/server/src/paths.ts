import { fileURLToPath } from 'node:url';

/**
 * Folders the server reads at run time, resolved from this module's own address. It sits one level
 * below apps/server both as source (src/paths.ts, run by the tests) and compiled (dist/main.js, which
 * bundles it), so the same relative path holds in both.
 */
export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
