// The worker's TypeScript source, run through tsx (npm run dev, the tests): the production build
// runs dist/csv-import-worker.js instead (scripts/build.mjs, ./import-job.ts).
import { register } from 'tsx/esm/api';

register();
await import('./import-worker.ts');
