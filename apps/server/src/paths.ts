import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders the server reads at run time, resolved from this module's own address. It sits one level
 * below apps/server both as source (src/paths.ts, run by the tests) and compiled (dist/main.js, which
 * bundles it), so the same relative path holds in both.
 */
export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The server bundle of the web app's public build (apps/web/src/public/entry-server.tsx) in a build's folder. */
export const publicRendererFile = (distDir = webDistDir) => path.join(distDir, 'server', 'entry-server.js');
