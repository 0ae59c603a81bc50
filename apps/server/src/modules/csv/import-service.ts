import { CSV_LIMITS, csvMsg, type ImportRowError, type ProductImportResult } from '@vetrina/shared/csv';
import type { AppContext } from '../../lib/context.js';
import { badRequest, type AppError } from '../../lib/errors.js';
import type { AuthUser, StoreMembership } from '../../plugins/guard.js';
import { catalogImportService, RowFailure } from '../catalog/import/service.js';
import type { ImportPlan, StoreState } from './import-plan.js';
import { planInWorker } from './import-job.js';
import { csvRepo } from './repo.js';

const byLine = (a: ImportRowError, b: ImportRowError) => a.line - b.line;

function resultOf(plan: ImportPlan, errors: ImportRowError[], applied: boolean): ProductImportResult {
  const sorted = [...errors].sort(byLine);
  return { ...plan.summary, applied, errors: sorted.slice(0, CSV_LIMITS.maxErrorsListed), errorCount: sorted.length };
}

/** The 400 of an apply that found errors: the count and the first few, each with its row, in one message. */
function refusal(errors: ImportRowError[]): AppError {
  const sorted = [...errors].sort(byLine);
  const first = sorted
    .slice(0, 3)
    .map((e) => csvMsg.lineError(e.line, e.column, e.message))
    .join(' · ');
  return badRequest(`${csvMsg.hasErrors(sorted.length)} ${first}`, 'file');
}

/** What the store holds of the products and SKUs a file names, for the worker to check the rows against. */
async function storeState(ctx: AppContext, storeId: string, names: { handles: string[]; skus: string[] }): Promise<StoreState> {
  const repo = csvRepo(ctx.db);
  const [existing, slugs, skuOwners, categories] = await Promise.all([
    repo.productsBySlug(storeId, names.handles),
    repo.slugs(storeId),
    repo.skuOwners(storeId, names.skus),
    repo.categories(storeId),
  ]);
  return { existing, slugs, skuOwners, categories };
}

/**
 * Product import (docs/decisions/0022-csv.md, docs/decisions/0034-csv-import-isolation.md): the file is read
 * and checked in a worker thread (./import-job.ts). Both modes read and check every row, then write the whole
 * plan in one transaction; the preview (dry run) rolls it back, so it meets every rule the real
 * import will, including those only the database can check. Apply keeps it only without errors.
 * The member importing is named in the stock history and in 'Registro attività'.
 */
export async function importProducts(
  ctx: AppContext,
  member: Pick<StoreMembership, 'storeId'> & { user: Pick<AuthUser, 'id'> & Partial<Pick<AuthUser, 'email' | 'sessionId'>> },
  input: { bytes: Buffer; mode: 'preview' | 'apply' },
): Promise<ProductImportResult> {
  const { storeId } = member;
  const { bytes, mode } = input;
  const plan = await planInWorker(bytes, (names) => storeState(ctx, storeId, names));
  const errors = plan.errors;
  if (errors.length) {
    if (mode === 'apply') throw refusal(errors);
    return resultOf(plan, errors, false);
  }
  try {
    await catalogImportService(ctx).write(member, plan, { dryRun: mode === 'preview' });
  } catch (err) {
    if (!(err instanceof RowFailure)) throw err;
    const rowError = { line: err.line, column: null, message: err.failure.message };
    if (mode === 'apply') throw refusal([rowError]);
    return resultOf(plan, [rowError], false);
  }
  if (mode === 'preview') return resultOf(plan, [], false);
  // The storefront's cache is dropped by the app's hook on every successful write of a store's team.
  return resultOf(plan, [], true);
}
