/** The dialects have their one home in the kernel (apps/server/src/lib/csv.ts), so the audit log writes through them too. */
export { csvDialect, dialectOf, type CsvDialect, type CsvDialectName } from '../../lib/csv.js';
