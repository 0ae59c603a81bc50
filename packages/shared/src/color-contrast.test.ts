import { describe, expect, it } from 'vitest';
import { AA, contrast, deepen, solid, textOn } from './color-contrast.js';
import { PALETTE_PRESETS } from './constants.js';

const palettes = [
  '#8B5CF6',
  '#F97316',
  '#10B981',
  '#3B82F6',
  '#EC4899',
  '#F59E0B',
  '#06B6D4',
  '#1F2937',
  '#6B7280',
  '#FFFF00',
  '#FFFFFF',
  '#000000',
  '#777777',
];

describe('store colours', () => {
  it('computes WCAG contrast', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(palettes)('gives %s a text colour that reaches AA', (c) => {
    const s = solid(c);
    expect(contrast(s.fg, s.bg)).toBeGreaterThanOrEqual(AA);
    expect(contrast(textOn(c), c)).toBeGreaterThanOrEqual(AA);
  });

  it.each(palettes)('deepens %s into a readable ink on light pages', (c) => {
    expect(contrast(deepen(c, '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrast(deepen(c, '#fbf8f3'), '#fbf8f3')).toBeGreaterThanOrEqual(AA);
  });

  it('keeps a colour that already reads unchanged', () => {
    expect(deepen('#1F2937', '#ffffff')).toBe('#1f2937');
    expect(solid('#1F2937')).toEqual({ bg: '#1F2937', fg: '#ffffff' });
  });
});

describe('the palettes the product offers', () => {
  // The storefront themes' page backgrounds (Moderno, Classico, Minimal and Audace).
  const pages = ['#f8fafc', '#fbf8f3', '#ffffff'];
  const colours = PALETTE_PRESETS.flatMap((p) => Object.entries(p.colors).map(([role, hex]) => ({ palette: p.name, role, hex })));

  it.each(colours)('$palette, $role $hex: filled surfaces and inks reach AA', ({ hex }) => {
    const s = solid(hex);
    expect(contrast(s.fg, s.bg)).toBeGreaterThanOrEqual(AA);
    for (const page of pages) expect(contrast(deepen(hex, page), page)).toBeGreaterThanOrEqual(AA);
  });
});
