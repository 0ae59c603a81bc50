import type { ReactNode } from 'react';

/**
 * Where the server keeps the markup of parts that are the same on many pages of a store (its header
 * and footer): set by the server's renderer only (src/ssr/kept-markup-server.ts). In the browser
 * there is none, and the parts render as usual; what they render is the markup the server kept.
 */
export interface MarkupKeeper {
  /** The part's kept markup for `key`, or the part itself, marked so its markup is kept once rendered. */
  part(key: string, children: ReactNode): ReactNode;
}

let keeper: MarkupKeeper | null = null;

export function setMarkupKeeper(k: MarkupKeeper | null) {
  keeper = k;
}

/**
 * A part whose server markup depends only on what `keyOf` names: rendered once per key, then
 * written from the kept copy (docs/decisions/0009-public-rendering.md). `keyOf` runs on the server only.
 * A part under it must not call `useId`: ids count the components rendered before them, and a kept
 * part renders none.
 */
export function KeptMarkup({ keyOf, children }: { keyOf: () => string; children: ReactNode }) {
  return <>{keeper ? keeper.part(keyOf(), children) : children}</>;
}
