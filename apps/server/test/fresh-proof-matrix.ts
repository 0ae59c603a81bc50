import type { Entry } from './authorization-matrix.js';

const api = (storeId: string, rest = '') => `/api/stores/${storeId}${rest}`;

/**
 * 'IBAN modificato' (issue 49, point 4): the orders page's notice of a recent IBAN change is read by
 * those who see the payment settings, owners and admins; staff do not.
 */
export const FRESH_PROOF_MATRIX: Record<string, Entry> = {
  'GET /api/stores/{storeId}/payments/iban-change': {
    level: 'admin',
    status: 200,
    request: (c) => ({ path: api(c.store.id, '/payments/iban-change') }),
  },
};
