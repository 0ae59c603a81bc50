import type { Role } from '@vetrina/shared';
import type { Db } from '../db/index.js';

/**
 * What the kernel knows of tenancy: the shape of a membership and of the lookup that finds it. The
 * lookups themselves live in modules/tenancy/service.ts; app.ts hands `membershipOf` to the guard.
 */

export interface Membership {
  role: Role;
  isOwner: boolean;
  /** The store's public slug (fixed at creation): the key of its cached storefront answers. */
  storeSlug: string;
  /** The owner asked the team for two-step sign-in: sessions without a second factor are refused. */
  twoStepRequired: boolean;
}

/** The user's membership of the store, or null when they are not on its team. */
export type MembershipLookup = (db: Db, storeId: string, userId: string) => Promise<Membership | null>;

/** Throws 403 'reauth_required' unless the session proved its holder within five minutes (modules/auth/reauth). */
export type FreshProofCheck = (db: Db, sessionId: string) => Promise<void>;
