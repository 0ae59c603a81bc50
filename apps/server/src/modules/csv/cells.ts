/** The cells and the formula guard have their one home in the kernel (apps/server/src/lib/csv.ts). */
export { csvCell, neutraliseFormula, restoreNeutralised } from '../../lib/csv.js';
