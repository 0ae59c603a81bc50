/**
 * WCAG 2 colour maths, so any palette a merchant picks stays readable (AA: 4.5:1 for body text):
 * the storefront and the dashboard's theme preview choose their text colours here. Plain values
 * only (no zod): the storefront imports this file directly.
 */
export const AA = 4.5;
const WHITE = '#ffffff';
const INK = '#111827';
const BLACK = '#000000';

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const raw = /^#?([\da-f]{3}|[\da-f]{6})$/i.exec(hex.trim())?.[1];
  if (!raw) return null;
  const h = raw.length === 3 ? [...raw].map((c) => c + c).join('') : raw;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb) {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const ra = parseHex(a);
  const rb = parseHex(b);
  if (!ra || !rb) return 1;
  const la = luminance(ra);
  const lb = luminance(rb);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The colour mixed towards black in small steps until it reaches `min` contrast on `surface`. */
export function deepen(color: string, surface: string, min = AA): string {
  const rgb = parseHex(color);
  if (!rgb) return INK;
  for (let t = 0; t <= 1.0001; t += 0.04) {
    const mixed = toHex(rgb.map((c) => c * (1 - t)) as Rgb);
    if (contrast(mixed, surface) >= min) return mixed;
  }
  return BLACK;
}

/** White or dark text, whichever reads on `bg` (one of the two always reaches AA). */
export function textOn(bg: string): string {
  if (contrast(WHITE, bg) >= AA) return WHITE;
  return contrast(INK, bg) >= AA ? INK : BLACK;
}

/**
 * A filled surface in the merchant's colour and its text colour. Mid tones where white almost
 * reads (3:1 and up) are deepened just enough for white text, which looks closer to the brand
 * than black text on a saturated colour; lighter colours keep their value and get dark text.
 */
export function solid(color: string): { bg: string; fg: string } {
  const bg = parseHex(color) ? color : INK;
  const onWhite = contrast(WHITE, bg);
  if (onWhite >= AA) return { bg, fg: WHITE };
  if (onWhite >= 3) return { bg: deepen(bg, WHITE), fg: WHITE };
  return { bg, fg: textOn(bg) };
}
