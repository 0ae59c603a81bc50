import type * as Fatturapa from '@digitalia/fatturapa';

/**
 * @digitalia/fatturapa, loaded the first time a document is built or checked: the library and what
 * it brings (yup, fast-xml-parser, lodash) hold ~20 MB of memory, which a server whose shops never
 * issue an invoice should not pay at start (docs/decisions/0028-runtime-memory.md).
 */
let loaded: typeof Fatturapa | undefined;

export async function loadFatturapa(): Promise<typeof Fatturapa> {
  loaded ??= await import('@digitalia/fatturapa');
  return loaded;
}

/** The library once `loadFatturapa()` has run (the builders and the validator are synchronous). */
export function fatturapaLib(): typeof Fatturapa {
  if (!loaded) throw new Error('FatturaPA library not loaded: await loadFatturapa() first');
  return loaded;
}
