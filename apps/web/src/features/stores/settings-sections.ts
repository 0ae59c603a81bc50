/**
 * Impostazioni, split by subject (docs/decisions/0044-settings-sections.md): one page and one
 * save per section, at /dashboard/stores/{id}/settings/{slug}. Staff see only the sections
 * they may read; the others need 'store:settings'.
 */
export const SETTINGS_SECTIONS = [
  { slug: 'generale', label: 'Generale', adminOnly: false },
  { slug: 'pagamenti', label: 'Pagamenti', adminOnly: true },
  { slug: 'spedizioni', label: 'Spedizioni', adminOnly: false },
  { slug: 'resi', label: 'Resi', adminOnly: false },
  { slug: 'dati-aziendali', label: 'Dati aziendali', adminOnly: true },
  { slug: 'fatturazione', label: 'Fatturazione', adminOnly: true },
  { slug: 'pagine-legali', label: 'Pagine legali', adminOnly: true },
  // Owners change it; admins see how it stands.
  { slug: 'sicurezza', label: 'Sicurezza', adminOnly: true },
  // Its own page (features/audit): owners and admins read it ('audit:read'), staff never see it.
  { slug: 'registro-attivita', label: 'Registro attività', adminOnly: true },
] as const;

export type SettingsSectionSlug = (typeof SETTINGS_SECTIONS)[number]['slug'];

/** The sections this member may open, in menu order. */
export const sectionsFor = (isAdmin: boolean) => SETTINGS_SECTIONS.filter((s) => isAdmin || !s.adminOnly);

/**
 * Where an address without a valid section lands: the section an old '#anchor' named (links to
 * the one long page), else 'generale'.
 */
export function sectionOf(raw: string | undefined, hash: string, isAdmin: boolean): { slug: SettingsSectionSlug; redirect: boolean } {
  const open = sectionsFor(isAdmin);
  const found = open.find((s) => s.slug === raw);
  if (found) return { slug: found.slug, redirect: false };
  const anchored = open.find((s) => s.slug === hash.replace(/^#/, ''));
  return { slug: anchored?.slug ?? 'generale', redirect: true };
}

export const settingsPath = (storeId: string, slug: SettingsSectionSlug) => `/dashboard/stores/${storeId}/settings/${slug}`;
