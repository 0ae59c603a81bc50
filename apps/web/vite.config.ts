import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { WEB_BUILD } from '../../packages/shared/src/page-renderer';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  // The dashboard app (sign-in, onboarding, dashboard). The storefront and public site are the public
  // build's (vite.public.config.ts).
  build: { outDir: `dist/${WEB_BUILD.appDir}`, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
});
