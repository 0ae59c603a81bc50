import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';
import { escapeAttribute } from '@vetrina/shared/escape';

/** An icon as lucide-react's icon modules describe it: a name and the SVG elements inside. */
interface IconData {
  name?: string;
  size?: number;
  node: Array<[string, Record<string, string | number>]>;
}
type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: number | string; children?: ReactNode };

/** The markup inside the icon's <svg>, written once per icon. lucide's `key` props are React's, not SVG's. */
function innerMarkup(node: IconData['node']) {
  return node
    .map(([tag, attrs]) => {
      const written = Object.entries(attrs)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
        .join('');
      return `<${tag}${written}></${tag}>`;
    })
    .join('');
}

const labelled = (props: Record<string, unknown>) =>
  Object.keys(props).some((name) => (name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null);

/**
 * The public build's icon factory, in place of lucide-react's (vite.public.config.ts points the
 * icon modules here). The same <svg> as lucide's — its attributes, the `lucide lucide-{name}`
 * classes, aria-hidden unless labelled — but the shapes inside are one string written once per
 * icon, not a tree of elements built on every render: a product page draws a few dozen icons, and
 * building them was a tenth of the server's time rendering it (docs/decisions/0009-public-rendering.md).
 */
export default function createStaticIcon(icon: IconData) {
  let inner: { __html: string } | undefined;
  const viewBox = `0 0 ${icon.size ?? 24} ${icon.size ?? 24}`;
  const base = icon.name ? `lucide lucide-${icon.name}` : 'lucide';
  return forwardRef<SVGSVGElement, IconProps>(function StaticIcon({ size = 24, color = 'currentColor', strokeWidth = 2, className, children, ...rest }, ref) {
    inner ??= { __html: innerMarkup(icon.node) };
    const svg = {
      ref,
      xmlns: 'http://www.w3.org/2000/svg',
      width: size,
      height: size,
      viewBox,
      fill: 'none',
      stroke: color,
      strokeWidth,
      strokeLinecap: 'round' as const,
      strokeLinejoin: 'round' as const,
      className: className ? `${base} ${className}` : base,
      ...(children || labelled(rest) ? {} : { 'aria-hidden': 'true' as const }),
      ...rest,
    };
    // Extra children (none in this app today) keep working: the shapes go into a group beside them.
    if (children) return createElement('svg', svg, createElement('g', { dangerouslySetInnerHTML: inner }), children);
    return createElement('svg', { ...svg, dangerouslySetInnerHTML: inner });
  });
}
