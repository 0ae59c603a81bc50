import type { Role } from './constants.js';

export interface StoreColors {
  primary: string;
  secondary: string;
  accent: string;
}

/** A store as its members see it in lists, the switcher and the dashboard. */
export interface StoreSummary {
  id: string;
  name: string;
  slug: string;
  logoUrl: string | null;
  colors: StoreColors;
  themeId: string | null;
  themeName: string | null;
  themeKey: string | null;
  role: Role;
  createdAt: string;
}

export interface MeResponse {
  user: { id: string; email: string; createdAt: string };
  /** Null when the account has no profile row yet (see spec §4, sign-in). */
  profile: { activeStoreId: string | null } | null;
  stores: StoreSummary[];
  activeStore: StoreSummary | null;
  pendingInvitations: number;
}

import { z } from 'zod';

export const setActiveStoreSchema = z.strictObject({
  storeId: z.string({ error: 'Store non valido' }).min(1, 'Store non valido').max(64, 'Store non valido'),
});
export type SetActiveStoreInput = z.infer<typeof setActiveStoreSchema>;
