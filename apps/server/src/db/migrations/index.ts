import type { Migration } from 'kysely';
import * as m001 from './001-initial.js';
import * as m002 from './002-catalog.js';
import * as m003 from './003-security.js';
import * as m004 from './004-seo.js';
import * as m005 from './005-search.js';
import * as m006 from './006-mail-queue.js';
import * as m007 from './007-listing-speed.js';
import * as m008 from './008-payments.js';

/** Every migration, in order. New ones are appended, never edited once landed. */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-catalog': m002,
  '003-security': m003,
  '004-seo': m004,
  '005-search': m005,
  '006-mail-queue': m006,
  '007-listing-speed': m007,
  '008-payments': m008,
};
