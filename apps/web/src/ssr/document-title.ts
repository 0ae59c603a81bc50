import { options, type VNode } from 'preact';
import { useEffect } from 'react';

/** Text of a title element's children ('Prodotti · ' + name arrives as several strings). */
const textOf = (children: unknown): string =>
  Array.isArray(children) ? children.map(textOf).join('') : children == null || children === false ? '' : String(children);

/** In the browser: the document's title follows the page, as React 19's hoisted <title> does. */
function ClientTitle({ children }: { children?: unknown }) {
  const text = textOf(children);
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}

/** On the server the page's head is written from the loaded data (public/head.ts): nothing here. */
const ServerTitle = () => null;

/**
 * Pages declare their title with a <title> element, which React 19 hoists into the head. Preact
 * renders elements where they stand, so in the public build a <title> becomes a component that
 * sets document.title (browser) or nothing (server).
 */
export function installTitleHook(where: 'server' | 'client') {
  const previous = options.vnode;
  const component = where === 'client' ? ClientTitle : ServerTitle;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === 'title') (vnode as { type: unknown }).type = component;
    previous?.(vnode);
  };
}
