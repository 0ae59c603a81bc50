/** Kept for the product listing's import until it moves: the match and rank SQL lives in ./repo.ts. */
export { searchMatch, searchMatchValue, searchScore, searchScorePatterns } from './repo.js';
