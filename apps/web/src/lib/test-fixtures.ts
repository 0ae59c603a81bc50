import type { StoreSummary } from '@vetrina/shared';

/** A store as GET /api/stores/:id answers it to its owner: what the client tests send back through a mocked fetch. */
export const storeSummaryFixture: StoreSummary = {
  id: 's1',
  name: 'Bottega',
  slug: 'bottega',
  logoUrl: null,
  colors: { primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' },
  themeId: null,
  themeName: null,
  themeKey: null,
  role: 'admin',
  isOwner: true,
  twoStepRequired: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};
