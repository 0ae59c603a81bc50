import type { AuthUser, StoreMembership } from '../../plugins/guard.js';

/**
 * Who calls a catalogue use case: the store, and the member named in the stock history and in
 * 'Registro attività' with their session (none when the server itself seeds a store, as the benchmark does).
 */
export type CatalogMember = Pick<StoreMembership, 'storeId'> & { user: (Pick<AuthUser, 'id'> & Partial<Pick<AuthUser, 'email' | 'sessionId'>>) | null };
