import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_BUILD } from '@vetrina/shared/page-renderer';

/**
 * Folders the server reads at run time, resolved from this module's own address. It sits one level
 * below apps/server both as source (src/paths.ts, run by the tests) and compiled (dist/main.js, which
 * bundles it), so the same relative path holds in both.
 */
export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The server bundle of the web app's rendered pages (apps/web/src/ssr/entry-server.tsx) in a build's folder. */
export const publicRendererFile = (distDir = webDistDir) => path.join(distDir, WEB_BUILD.rendererDir, WEB_BUILD.renderer);

/** Every file and folder of a web build the server reads (packages/shared/src/page-renderer.ts names them). */
export function webBuildFiles(distDir = webDistDir) {
  const appDir = path.join(distDir, WEB_BUILD.appDir);
  const pagesDir = path.join(distDir, WEB_BUILD.pagesDir);
  return {
    appDir,
    appIndex: path.join(appDir, 'index.html'),
    pagesDir,
    template: path.join(pagesDir, WEB_BUILD.template),
    manifest: path.join(pagesDir, WEB_BUILD.manifest),
    renderer: publicRendererFile(distDir),
  };
}
export type WebBuildFiles = ReturnType<typeof webBuildFiles>;
