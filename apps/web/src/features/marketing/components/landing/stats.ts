import { formatNumber } from '@vetrina/shared/italian-format';

// Written with the shared Italian formatter, not `Intl`: the first `Intl.NumberFormat` a page builds
// loads the browser's locale data, 50-75 ms of the main thread on a fast machine and four times that
// at Lighthouse's mobile slowdown (docs/decisions/0009-public-rendering.md). The text is what Intl printed.
const NBSP = '\u00a0';
/** The landing page's figures (the specification's marketing claims), as the stats band shows them. */
export const LANDING_STATS = [
  { value: `${formatNumber(10_000)}+`, label: 'store attivi' },
  { value: `${formatNumber(45)}${NBSP}Mln${NBSP}€`, label: 'di volume mensile' },
  { value: `${formatNumber(98.7, 1)}%`, label: 'di clienti soddisfatti' },
  { value: `${formatNumber(0.8)} s`, label: 'di caricamento medio' },
  { value: `${formatNumber(99.9, 1)}%`, label: 'di uptime' },
];
