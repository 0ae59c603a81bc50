import type { CSSProperties } from 'react';

/**
 * sonner's rich colours with darker text: its own reach 3.1:1 (warning) to 4.3:1 (success) on their
 * pale backgrounds. Same hues, lightness lowered until each reads at 4.5:1 or more. Set on the
 * toaster itself, where sonner declares them, so they win over its injected stylesheet.
 */
export const toastColors = {
  '--success-text': 'hsl(140, 100%, 25%)',
  '--info-text': 'hsl(210, 92%, 42%)',
  '--warning-text': 'hsl(31, 92%, 35%)',
  '--error-text': 'hsl(360, 100%, 43%)',
} as CSSProperties;
