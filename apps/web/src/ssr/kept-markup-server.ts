import type { ReactNode } from 'react';
import { jsxTemplate } from 'preact/jsx-runtime';
import type { MarkupKeeper } from '@/features/storefront/kept-markup';

/** Parts kept at once (a header and a footer per store and kind of page: a few KB each). */
const MAX_KEPT = 100;
/** Marks around a part rendered this time; a comment no text can forge (Preact escapes `<`). */
const MARK = `vetrina-part-${Math.random().toString(36).slice(2, 10)}`;

/** The comments around the `n`th part rendered in a page. */
const marksOf = (n: number) => [`<!--${MARK}:${n}-->`, `<!--/${MARK}:${n}-->`] as const;

/**
 * The server's keeper of parts' markup. A render is synchronous, so the parts marked during one
 * (`pending`) are taken out of its HTML right after it (`render`), before the next starts.
 */
export function serverMarkupKeeper() {
  const kept = new Map<string, string>();
  let pending: string[] = [];
  // `jsxTemplate` (what Preact's precompiled JSX produces) is written out by the server renderer as
  // it is: the kept markup goes into the page with no element around it.
  const raw = (html: string) => jsxTemplate([html]) as unknown as ReactNode;

  const keeper: MarkupKeeper = {
    part(key, children) {
      const html = kept.get(key);
      if (html !== undefined) {
        // Most recently used last: the first key is the one to drop.
        kept.delete(key);
        kept.set(key, html);
        return raw(html);
      }
      const [open, close] = marksOf(pending.push(key) - 1);
      return [raw(open), children, raw(close)];
    },
  };

  /**
   * Runs one page's synchronous render and returns its HTML without the marks, keeping the markup
   * of each part marked in it. Marks of a render that failed are forgotten with it.
   */
  const render = (renderPage: () => string): string => {
    pending = [];
    try {
      let out = renderPage();
      pending.forEach((key, n) => {
        const [open, close] = marksOf(n);
        const start = out.indexOf(open);
        const end = out.indexOf(close, start);
        if (start < 0 || end < 0) return;
        const part = out.slice(start + open.length, end);
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
        kept.set(key, part);
        out = out.slice(0, start) + part + out.slice(end + close.length);
      });
      return out;
    } finally {
      pending = [];
    }
  };

  /** Drops every kept part (tests compare a kept part with a fresh render). */
  const forget = () => kept.clear();

  return { keeper, render, forget };
}
