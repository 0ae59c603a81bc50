import type { CSSProperties } from 'react';
import type { StoreColors } from '@vetrina/shared';
import { deepen, solid } from '@vetrina/shared/color-contrast';
import type { StoreTheme } from './themes';

/** Styles already computed, by palette and page colour (a server renders the same few stores' pages all day). */
const computed = new Map<string, CSSProperties>();
const MAX_COMPUTED = 500;

/**
 * The store's colours as CSS variables: primary for buttons and links, secondary for badges and
 * highlights, accent for prices. Every text colour is computed for contrast, so a merchant's
 * pale yellow still gives readable buttons and prices.
 */
export function storeStyle(colors: StoreColors, theme: StoreTheme): CSSProperties {
  const key = `${colors.primary}|${colors.secondary}|${colors.accent}|${theme.pageHex}`;
  let style = computed.get(key);
  if (!style) {
    // The contrast search below is a few hundred colour conversions: done once per palette.
    if (computed.size >= MAX_COMPUTED) computed.clear();
    style = Object.freeze(computeStyle(colors, theme));
    computed.set(key, style);
  }
  return style;
}

function computeStyle(colors: StoreColors, theme: StoreTheme): CSSProperties {
  const primary = solid(colors.primary);
  const secondary = solid(colors.secondary);
  const accent = solid(colors.accent);
  const primaryInk = deepen(colors.primary, theme.pageHex);
  return {
    '--sf-primary': primary.bg,
    '--sf-on-primary': primary.fg,
    '--sf-primary-ink': primaryInk,
    '--sf-secondary': secondary.bg,
    '--sf-on-secondary': secondary.fg,
    '--sf-accent': accent.bg,
    '--sf-on-accent': accent.fg,
    '--sf-accent-ink': deepen(colors.accent, theme.pageHex),
    '--sf-soft': `color-mix(in srgb, ${colors.primary} 10%, ${theme.pageHex})`,
    // The global focus ring follows the store's colour.
    '--color-ring': primaryInk,
  } as CSSProperties;
}
