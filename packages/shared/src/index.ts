import './zod-it.js';
export * from './messages.js';
export * from './errors.js';
export * from './auth.js';
export * from './constants.js';
export * from './stores.js';
