/**
 * What other modules use of search: keeping a store's index rows fresh after their products
 * change, and the values a listing binds to the match and rank SQL (computed here, bound in the
 * listing's repo). The SQL itself stays in ./repo.ts.
 */
export { refreshStale, searchMatchValue, searchScorePatterns, writeSortTitlesWith, type SortTitleWriter } from './repo.js';
