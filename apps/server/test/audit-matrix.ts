import type { Entry } from './authorization-matrix.js';
import type { Cell } from './authorization-cells.js';

const api = (c: Cell, rest = '') => `/api/stores/${c.store.id}${rest}`;

/** 'Registro attività' (issue 49): owners and admins read it, staff do not, another store's team gets 404. */
export const AUDIT_MATRIX: Record<string, Entry> = {
  'GET /api/stores/{storeId}/audit': { level: 'admin', status: 200, request: (c) => ({ path: api(c, '/audit') }) },
  'GET /api/stores/{storeId}/audit/members': { level: 'admin', status: 200, request: (c) => ({ path: api(c, '/audit/members') }) },
  'GET /api/stores/{storeId}/audit/export.csv': { level: 'admin', status: 200, request: (c) => ({ path: api(c, '/audit/export.csv') }) },
};
