// The account answers read by code that is part of the public pages' first load (session, the
// account menu, 'me'): imported on demand, so zod loads only once someone is signed in.
export { sessionResponseSchema } from '@vetrina/shared/auth';
export { activeStoreResponseSchema, meResponseSchema } from '@vetrina/shared/stores';
