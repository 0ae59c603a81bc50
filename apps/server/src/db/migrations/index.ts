import type { Migration } from 'kysely';
import * as m001 from './001-initial.js';
import * as m002 from './002-catalog.js';
import * as m003 from './003-security.js';
import * as m004 from './004-seo.js';
import * as m005 from './005-search.js';
import * as m006 from './006-mail-queue.js';
import * as m007 from './007-listing-speed.js';
import * as m008 from './008-payments.js';
import * as m009 from './009-shipping-discounts.js';
import * as m010 from './010-fulfilment.js';
import * as m011 from './011-compare-at.js';
import * as m012 from './012-business-pages.js';
import * as m013 from './013-dashboard-stats.js';
import * as m014 from './014-notifications.js';
import * as m015 from './015-back-office-tables.js';
import * as m016 from './016-stock-history.js';
import * as m017 from './017-stats-shards.js';
import * as m018 from './018-invoices.js';
import * as m019 from './019-store-words.js';
import * as m020 from './020-word-prefixes.js';
import * as m021 from './021-search-row-index.js';
import * as m022 from './022-search-row-status.js';
import * as m023 from './023-waiting-mails.js';
import * as m024 from './024-statement-requirement.js';
import * as m025 from './025-bare-search-words.js';
import * as m026 from './026-search-function-words.js';
import * as m027 from './027-weighted-search-document.js';
import * as m028 from './028-order-confirmation.js';
import * as m029 from './029-stripe-events-per-store.js';
import * as m030 from './030-visitor-addresses.js';
import * as m031 from './031-shipping-province.js';
import * as m032 from './032-seller-address-once.js';
import * as m033 from './033-order-notes.js';
import * as m034 from './034-variant-options.js';
import * as m035 from './035-customer-index.js';
import * as m036 from './036-store-setup.js';
import * as m037 from './037-marketing-consent.js';
import * as m038 from './038-returns.js';
import * as m039 from './039-partial-credit-notes.js';
import * as m040 from './040-totp.js';
import * as m041 from './041-session-devices.js';
import * as m042 from './042-session-assurance.js';
import * as m043 from './043-audit-log.js';
import * as m044 from './044-passkeys.js';
import * as m046 from './046-iban-change.js';

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
  '009-shipping-discounts': m009,
  '010-fulfilment': m010,
  '011-compare-at': m011,
  '012-business-pages': m012,
  '013-dashboard-stats': m013,
  '014-notifications': m014,
  '015-back-office-tables': m015,
  '016-stock-history': m016,
  '017-stats-shards': m017,
  '018-invoices': m018,
  '019-store-words': m019,
  '020-word-prefixes': m020,
  '021-search-row-index': m021,
  '022-search-row-status': m022,
  '023-waiting-mails': m023,
  '024-statement-requirement': m024,
  '025-bare-search-words': m025,
  '026-search-function-words': m026,
  '027-weighted-search-document': m027,
  '028-order-confirmation': m028,
  '029-stripe-events-per-store': m029,
  '030-visitor-addresses': m030,
  '031-shipping-province': m031,
  '032-seller-address-once': m032,
  '033-order-notes': m033,
  '034-variant-options': m034,
  '035-customer-index': m035,
  '036-store-setup': m036,
  '037-marketing-consent': m037,
  '038-returns': m038,
  '039-partial-credit-notes': m039,
  '040-totp': m040,
  '041-session-devices': m041,
  '042-session-assurance': m042,
  '043-audit-log': m043,
  '044-passkeys': m044,
  '046-iban-change': m046,
};
