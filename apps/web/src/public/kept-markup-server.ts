import type { ReactNode } from 'react';
import { jsxTemplate } from 'preact/jsx-runtime';
import type { MarkupKeeper } from '@/features/storefront/kept-markup';

/** Parts kept at once (a header and a footer per store and kind of page: a few KB each). */
const MAX_KEPT = 100;
/** Marks around a part rendered this time; a comment no text can forge (Preact escapes `<`). */
const MARK = `vetrina-part-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The server's keeper of parts' markup. A render is synchronous, so the parts marked during one
 * (`pending`) are taken out of its HTML right after it (`takeKeptParts`), before the next starts.
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
      const n = pending.push(key) - 1;
      return [raw(`<!--${MARK}:${n}-->`), children, raw(`<!--/${MARK}:${n}-->`)];
    },
  };

  /** Starts a page: marks left by a render that failed are forgotten. */
  const beginPage = () => {
    pending = [];
  };

  /** The page's HTML without the marks, keeping the markup of each part marked in it. */
  const takeKeptParts = (html: string): string => {
    if (!pending.length) return html;
    let out = html;
    pending.forEach((key, n) => {
      const open = `<!--${MARK}:${n}-->`;
      const close = `<!--/${MARK}:${n}-->`;
      const start = out.indexOf(open);
      const end = out.indexOf(close, start);
      if (start < 0 || end < 0) return;
      const part = out.slice(start + open.length, end);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(key, part);
      out = out.slice(0, start) + part + out.slice(end + close.length);
    });
    pending = [];
    return out;
  };

  /** Drops every kept part (tests compare a kept part with a fresh render). */
  const forget = () => kept.clear();

  return { keeper, beginPage, takeKeptParts, forget };
}
