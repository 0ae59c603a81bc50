// Loaded on demand only (see toApiError): a module of its own, so that the public build keeps zod
// out of its pages' first load while the dashboard build reuses the chunk it already has.
export { apiErrorBodySchema, isErrorCode } from '@vetrina/shared/errors';
