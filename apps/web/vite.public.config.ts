import { defineConfig, type Plugin } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
// The file names the server reads (packages/shared/src/page-renderer.ts): relative, as Vite loads its config with Node.
import { WEB_BUILD } from '../../packages/shared/src/page-renderer';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

/**
 * The public build: storefront and public site, rendered on the server and hydrated with Preact
 * (docs/decisions/0009-public-rendering.md). The same components as the dashboard build, with React's
 * API served by preact/compat (about 10 KB instead of react-dom's 70) and React Router's by the
 * small router in src/ssr/router.tsx. `vite build --ssr` with this file makes the server bundle.
 */
/** lucide-react's icon modules build their <svg> with src/ssr/static-icon.ts instead of lucide's factory. */
const staticIcons: Plugin = {
  name: 'vetrina-static-icons',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '../createLucideIcon.mjs' && importer && /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer))
      return src('ssr/static-icon.ts');
    return null;
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [staticIcons, tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^react-router$/, replacement: src('ssr/router.tsx') },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    ],
  },
  // JSX compiles to preact/jsx-runtime through the alias above.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  publicDir: false,
  // The server bundle carries every dependency, so that the aliases apply inside them too.
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? {
        outDir: `dist/${WEB_BUILD.rendererDir}`,
        emptyOutDir: true,
        target: 'node20',
        sourcemap: false,
        assetsDir: 'p',
        rollupOptions: { input: src('ssr/entry-server.tsx'), output: { entryFileNames: WEB_BUILD.renderer } },
      }
    : {
        outDir: `dist/${WEB_BUILD.pagesDir}`,
        emptyOutDir: true,
        // Hashed files of the public build live apart from the dashboard's (/assets).
        assetsDir: 'p',
        manifest: true,
        modulePreload: false,
        sourcemap: false,
        rollupOptions: { input: fileURLToPath(new URL(`./${WEB_BUILD.template}`, import.meta.url)) },
      },
}));
