/**
 * The contract between the server and the web app's server-rendered pages (apps/web/src/ssr):
 * what the page build writes (file names under apps/web/dist), what its server bundle exports,
 * and what the server hands it. Both sides import these declarations, so a change to one side
 * that the other does not follow fails the typecheck. Types and constants only: no code runs here.
 */

/** Where the web build writes what the server reads, relative to the build's folder (apps/web/dist). */
export const WEB_BUILD = {
  /** The dashboard app (vite.config.ts): its index.html and hashed /assets. */
  appDir: 'app',
  /** The pages' client build (vite.public.config.ts): the page template, manifest and hashed /p files. */
  pagesDir: 'public',
  /** The page template, in pagesDir. */
  template: 'public.html',
  /** Vite's manifest of the client build, in pagesDir. */
  manifest: '.vite/manifest.json',
  /** The pages' server bundle (`vite build --ssr` of src/ssr/entry-server.tsx). */
  rendererDir: 'server',
  renderer: 'entry-server.js',
} as const;

/** The comments of the page template that the server replaces with a page's head, body and data. */
export const PAGE_SLOTS = { head: '<!--vetrina-head-->', body: '<!--vetrina-body-->', data: '<!--vetrina-data-->' } as const;

/** One page as the renderer wrote it. */
export interface RenderedPage {
  status: number;
  /** Permanent redirect to the canonical address; the other fields are then empty. */
  redirect?: string;
  head: string;
  body: string;
  /** JSON for <script type="application/json" id="vetrina-data">, safe inside the element. */
  data: string;
  /** Source files of the modules the page needs, as the client build's manifest names them. */
  modules: string[];
}

/**
 * What a call needs of an answer. `fetch`'s Response has it; the server's in-process transport
 * answers with a plain object of this shape (no stream, no body copy).
 */
export interface TransportAnswer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** How a public GET or POST reaches the API: `fetch` in the browser, an in-process call on the server. */
export type Transport = (path: string, init: { method: 'GET' | 'POST'; body?: string; fresh: boolean }) => Promise<TransportAnswer>;

/** The exports of the renderer bundle (src/ssr/entry-server.tsx) that the server calls. */
export interface PageRenderer {
  /** The API calls a page's loaders make, answered in-process by the server (set once at start-up). */
  setTransport(transport: Transport): void;
  renderPage(href: string, origin: string, options?: { notFound?: boolean }): Promise<RenderedPage>;
}

/** One entry of Vite's build manifest (the fields the server reads). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;
