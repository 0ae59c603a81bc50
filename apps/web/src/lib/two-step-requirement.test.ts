import { describe, expect, it } from 'vitest';
import type { StoreSummary } from '@vetrina/shared';
import { accessTokenAal, storeOfPage } from './two-step-requirement';

const token = (claims: object) => `header.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;
const store = (id: string): StoreSummary => ({
  id,
  name: `Store ${id}`,
  slug: id,
  logoUrl: null,
  colors: { primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' },
  themeId: null,
  themeName: null,
  themeKey: null,
  role: 'staff',
  isOwner: false,
  twoStepRequired: true,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('what the access token says of the session', () => {
  it('reads aal2 only when the claim says so', () => {
    expect(accessTokenAal(token({ sub: 'u', aal: 'aal2' }))).toBe('aal2');
    expect(accessTokenAal(token({ sub: 'u', aal: 'aal1' }))).toBe('aal1');
    expect(accessTokenAal(token({ sub: 'u' }))).toBe('aal1');
    expect(accessTokenAal('non-un-token')).toBe('aal1');
    expect(accessTokenAal('a.%%%.c')).toBe('aal1');
    expect(accessTokenAal(undefined)).toBe('aal1');
  });
});

describe('the store a dashboard page works on', () => {
  const active = store('attivo');
  const other = store('altro');
  it('is the active store, or the one in a settings address', () => {
    expect(storeOfPage('/dashboard', [active, other], active)).toBe(active);
    expect(storeOfPage('/dashboard/orders/42', [active, other], active)).toBe(active);
    expect(storeOfPage('/dashboard/stores/altro/settings/sicurezza', [active, other], active)).toBe(other);
    expect(storeOfPage('/dashboard/stores/sconosciuto/settings', [active], active)).toBeNull();
  });
  it('is none on the account pages, which stay open', () => {
    for (const path of ['/dashboard/profile', '/dashboard/stores', '/dashboard/stores/', '/dashboard/invitations']) {
      expect(storeOfPage(path, [active], active)).toBeNull();
    }
  });
});
