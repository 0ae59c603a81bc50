import { describe, expect, it } from 'vitest';
import { sectionOf, sectionsFor } from './settings-sections';

describe('settings sections', () => {
  it('opens the section in the address', () => {
    expect(sectionOf('fatturazione', '', true)).toEqual({ slug: 'fatturazione', redirect: false });
  });

  it('sends the old single page, and its anchors, to a section', () => {
    expect(sectionOf(undefined, '', true)).toEqual({ slug: 'generale', redirect: true });
    expect(sectionOf(undefined, '#pagamenti', true)).toEqual({ slug: 'pagamenti', redirect: true });
    expect(sectionOf('sconosciuta', '', true)).toEqual({ slug: 'generale', redirect: true });
  });

  it('shows staff only what they may read, and sends them away from the rest', () => {
    expect(sectionsFor(false).map((s) => s.label)).toEqual(['Generale', 'Spedizioni', 'Resi']);
    expect(sectionOf('dati-aziendali', '', false)).toEqual({ slug: 'generale', redirect: true });
  });
});
