import type { Generated } from 'kysely';
import type { Carrier, PaymentMethod, PaymentStatus, VatCode } from '@vetrina/shared';
import type { NotificationKind } from '@vetrina/shared/notifications';
import type { StockReason } from '@vetrina/shared/stock-history';
import type { RefundMethod, RefundStatus, ReturnOrigin, ReturnStatus, WithdrawalExclusion } from '@vetrina/shared/returns';

/**
 * Table types. Both engines store ids as text UUIDs, times as UTC ISO-8601 text,
 * booleans as 0/1 integers, money as integer cents and small JSON values as text,
 * so that one query set behaves identically on SQLite and PostgreSQL.
 */
export interface Database {
  themes: ThemesTable;
  auth_users: AuthUsersTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  auth_tokens: AuthTokensTable;
  auth_factors: AuthFactorsTable;
  auth_recovery_codes: AuthRecoveryCodesTable;
  auth_mfa_challenges: AuthMfaChallengesTable;
  auth_passkeys: AuthPasskeysTable;
  auth_webauthn_challenges: AuthWebauthnChallengesTable;
  audit_entries: AuditEntriesTable;
  outbox_mails: OutboxMailsTable;
  stores: StoresTable;
  store_members: StoreMembersTable;
  store_invitations: StoreInvitationsTable;
  store_messages: StoreMessagesTable;
  chat_messages: ChatMessagesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_variants: ProductVariantsTable;
  store_skus: StoreSkusTable;
  inventory: InventoryTable;
  product_search: ProductSearchTable;
  store_product_counts: StoreProductCountsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  order_notes: OrderNotesTable;
  order_shipments: OrderShipmentsTable;
  store_payment_settings: StorePaymentSettingsTable;
  stripe_events: StripeEventsTable;
  job_leases: JobLeasesTable;
  store_shipping_settings: StoreShippingSettingsTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
  mail_queue: MailQueueTable;
  store_business_details: StoreBusinessDetailsTable;
  store_legal_pages: StoreLegalPagesTable;
  store_setup: StoreSetupTable;
  store_daily_stats: StoreDailyStatsTable;
  store_daily_product_stats: StoreDailyProductStatsTable;
  store_daily_visits: StoreDailyVisitsTable;
  store_visitors: StoreVisitorsTable;
  store_visitor_addresses: StoreVisitorAddressesTable;
  visit_salts: VisitSaltsTable;
  notifications: NotificationsTable;
  stock_movements: StockMovementsTable;
  store_invoice_settings: StoreInvoiceSettingsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  returns: ReturnsTable;
  return_items: ReturnItemsTable;
  refunds: RefundsTable;
  refund_items: RefundItemsTable;
  store_return_settings: StoreReturnSettingsTable;
}

export interface ThemesTable {
  id: string;
  key: string;
  name: string;
  description: string;
  preview_url: string | null;
  is_active: number;
  created_at: string;
}
export interface AuthUsersTable {
  id: string;
  email: string;
  password_hash: string;
  email_confirmed_at: string | null;
  /** When a mailed link last proved the account reads its mailbox (null: never). */
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface UsersTable {
  id: string;
  email: string;
  active_store_id: string | null;
  created_at: string;
  /** Notice mails the member wants where they are an admin (migration 014): 1 yes (default), 0 no. */
  notify_order_mail: Generated<number>;
  notify_message_mail: Generated<number>;
}
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
  user_agent: string | null;
  /** The sign-in address cut to its network ('203.0.113.x'); never the full address. */
  ip_prefix: string | null;
  /** Browser, system and network ('Chrome|macOS|203.0.113.x'): how a new device is recognised. */
  device_key: string | null;
  /** Set at the start and at each refresh of the session's token. */
  last_used_at: string | null;
  /** 'aal1' after a password alone, 'aal2' after a second factor or a passkey (migration 042). */
  aal: Generated<'aal1' | 'aal2'>;
  /** The last time the holder proved it is them: sign-in or 'Conferma la tua identità'. */
  proved_at: string | null;
}
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface AuthTokensTable {
  id: string;
  user_id: string;
  kind: 'email_change' | 'password_reset' | 'email_confirm' | 'email_verify';
  new_email: string | null;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
/** Second sign-in factors (migration 040): an authenticator app, its secret sealed. */
export interface AuthFactorsTable {
  id: string;
  user_id: string;
  factor_type: 'totp';
  friendly_name: string | null;
  secret_sealed: string;
  status: 'unverified' | 'verified';
  /** The newest 30-second step accepted: a code at or before it is a replay. */
  last_used_step: number | null;
  created_at: string;
  verified_at: string | null;
}
export interface AuthRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}
export interface AuthMfaChallengesTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export interface AuthPasskeysTable {
  id: string;
  user_id: string;
  /** base64url, as the browser sends it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** Comma-separated, as the browser reported them at registration ('internal,hybrid'). */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
export interface AuthWebauthnChallengesTable {
  id: string;
  /** SHA-256 of the challenge the browser signs: the challenge itself is never stored. */
  challenge_hash: string;
  purpose: 'register' | 'sign_in' | 'second_step' | 'reauth';
  user_id: string | null;
  mfa_challenge_id: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export interface OutboxMailsTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}
/** Mails waiting to be sent (migration 006); a sent mail's row is deleted. */
export interface MailQueueTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  failed_at: string | null;
  last_error: string | null;
}
export interface StoresTable {
  id: string;
  name: string;
  slug: string;
  logo_url: string | null;
  colors: string;
  theme_id: string | null;
  /** The member who may delete the store, change roles and transfer it (always one of its admins). */
  owner_id: string | null;
  next_sku: Generated<number>;
  next_order_number: Generated<number>;
  created_at: string;
  /** Available units at or below which the home lists a unit as low on stock (migration 013). */
  low_stock_threshold: Generated<number>;
  /** 1: 'Richiedi la verifica in due passaggi al team' (migration 042). */
  two_step_required: Generated<number>;
}
export interface StoreMembersTable {
  id: string;
  user_id: string;
  store_id: string;
  role: 'admin' | 'staff';
  created_at: string;
}
export interface StoreInvitationsTable {
  id: string;
  store_id: string;
  email: string;
  role: 'admin' | 'staff';
  invited_by: string | null;
  status: 'pending' | 'accepted' | 'declined';
  token_hash: string;
  expires_at: string;
  created_at: string;
}
export interface StoreMessagesTable {
  id: string;
  store_id: string;
  customer_name: string;
  customer_email: string;
  message: string;
  response: string | null;
  status: 'pending' | 'responded';
  is_read: number;
  created_at: string;
  updated_at: string;
}
export interface ChatMessagesTable {
  id: string;
  store_id: string;
  user_id: string;
  message: string;
  sender_type: 'customer' | 'store';
  is_read: number;
  created_at: string;
}
export interface CategoriesTable {
  id: string;
  store_id: string;
  name: string;
  slug: string;
  created_at: string;
}
export interface ProductsTable {
  id: string;
  store_id: string;
  title: string;
  /** Unique in the store: the product's public address (modules/catalog/products/slugs.ts). */
  slug: string;
  description: string;
  price_cents: number;
  /** 'Prezzo pieno' shown struck beside the price (migration 011); display only, never charged. */
  compare_at_cents: Generated<number | null>;
  sku: string;
  category_id: string | null;
  status: 'draft' | 'active' | 'archived';
  image_urls: string;
  /** JSON [{ name, values[] }]: the options whose combinations are the variants (migration 034). */
  variant_options: Generated<string>;
  created_at: string;
  updated_at: string;
  /** Lowest price a shopper pays (price plus the smallest variant difference, at least 0); kept by triggers (migration 005). */
  price_from_cents: Generated<number>;
  /** Folded title, the name sort key; written with the product's search row (modules/search). */
  sort_title: Generated<string>;
  /** 1 when a unit has qty > reserved ('Solo disponibili'); kept by triggers on inventory (migration 007). */
  in_stock: Generated<number>;
  /** Units on hand across the product's units (the dashboard's 'Stock'); kept by triggers on inventory (migration 015). */
  stock_total: Generated<number>;
  /** The product's VAT code (migration 018); null: the store's default. */
  vat_code: Generated<VatCode | null>;
  /** 'Escluso dal recesso' and why (migration 038); null: the shopper may withdraw. */
  withdrawal_exclusion: Generated<WithdrawalExclusion | null>;
}
export interface ProductImagesTable {
  id: string;
  store_id: string;
  product_id: string | null;
  variant_id: string | null;
  position: number;
  url: string;
  thumb_url: string;
  storage_key: string;
  thumb_key: string;
  /** Pixel size of the stored full image (null for images stored before it was recorded). */
  width: number | null;
  height: number | null;
  /** JSON `[{ key, url, width }]`: the smaller WebP copies of the full image, ascending by width. */
  srcset: Generated<string>;
  created_at: string;
}
export interface ProductVariantsTable {
  id: string;
  store_id: string;
  product_id: string;
  label: string;
  sku: string;
  price_delta_cents: number;
  /** The variant's own 'Prezzo pieno' in full (null: the product's plus the difference), migration 011. */
  compare_at_cents: Generated<number | null>;
  attributes: string;
  image_url: string | null;
  created_at: string;
  /** Set when removed from the options while orders name it: not sold nor shown, kept for those orders (migration 034). */
  archived_at: Generated<string | null>;
}
export interface StoreSkusTable {
  store_id: string;
  sku: string;
  product_id: string;
  variant_id: string | null;
}
export interface InventoryTable {
  id: string;
  store_id: string;
  product_id: string;
  variant_id: string | null;
  qty: number;
  reserved: number;
}
/** One row per product: its normalised words by weight (modules/search, migration 005). */
export interface ProductSearchTable {
  id: Generated<number>;
  product_id: string;
  store_id: string;
  /** Stemmed words, space separated: the title (weight A), SKU + variants + category (B), description (C). */
  title_terms: Generated<string>;
  meta_terms: Generated<string>;
  body_terms: Generated<string>;
  /** SQLite: the store's mark, which the FTS5 index puts before each of the row's bare words (migration 025). Not on PostgreSQL. */
  word_mark: Generated<string>;
  /** Bumped by triggers when the product's text changes; the row is stale while above indexed_version. */
  version: Generated<number>;
  indexed_version: Generated<number>;
  /** The product's status and creation time, kept by triggers (migration 022). */
  status: Generated<string>;
  created_at: Generated<string>;
}
/** Products per store and status, kept by triggers in the writer's transaction (list totals without counting). */
export interface StoreProductCountsTable {
  store_id: string;
  status: 'draft' | 'active' | 'archived';
  n: number;
}
export interface OrdersTable {
  id: string;
  store_id: string;
  order_number: number;
  status: 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  shipping_street: string;
  shipping_city: string;
  shipping_postal_code: string;
  /** The 'Provincia' sigla for Italy (migration 031); null abroad and on older orders. */
  shipping_province: string | null;
  shipping_country: string;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  notes: string | null;
  idempotency_key: string | null;
  /** Hash of the cart and customer the key was first used with (null for orders from before it existed). */
  idempotency_fingerprint: string | null;
  created_at: string;
  updated_at: string;
  payment_method: Generated<PaymentMethod>;
  payment_status: Generated<PaymentStatus>;
  surcharge_cents: Generated<number>;
  /** JSON snapshot of the instructions the shopper was given (PaymentInstructions), null for older orders. */
  payment_details: string | null;
  /** Bank transfer and card: an order still unpaid then is cancelled by the expiry job. */
  payment_due_at: string | null;
  paid_at: string | null;
  stripe_session_id: string | null;
  /** The shopper's order page (/store/{slug}/ordine/{token}); null for orders from before it existed. */
  public_token: string | null;
  /** The discount as placed (migration 009): code, kind and value at the time, and the amount taken off. */
  discount_code: string | null;
  discount_kind: 'percent' | 'fixed' | null;
  discount_value: number | null;
  discount_cents: Generated<number>;
  /** When the shopper accepted the terms at checkout (null for orders from before it was asked). */
  terms_accepted_at: string | null;
  /** When the shopper ticked the optional marketing box at checkout (migration 037); null: not ticked, or before it was asked. */
  marketing_consent_at: Generated<string | null>;
  /** VAT computed at checkout (migration 018); null for orders from before it (computed on read at the store's rate). */
  taxable_cents: Generated<number | null>;
  vat_cents: Generated<number | null>;
  /** JSON: discount, shipping and surcharge lines and the summary per code (OrderVat without items). */
  vat_breakdown: Generated<string | null>;
  /** JSON InvoiceRequest ('Richiedi fattura'); null: none asked. */
  invoice_request: Generated<string | null>;
  /** The order's live invoice (null: none, or credited). */
  invoice_id: Generated<string | null>;
  /** Cash on delivery and pickup (migration 028): 'awaiting' the shopper's confirmation, 'confirmed', 'expired'; null: none needed. */
  confirmation: 'awaiting' | 'confirmed' | 'expired' | null;
  /** While awaiting: when the expiry job cancels the order and releases its stock. */
  confirmation_due_at: string | null;
  /** SHA-256 (hex) of the secret only the confirmation mail carries; cleared once confirmed. */
  confirmation_code_hash: string | null;
  confirmed_at: string | null;
  confirmed_by: 'shopper' | 'team' | null;
  /** The member who confirmed by hand. */
  confirmed_by_user_id: string | null;
  /** The address in canonical form (packages/shared email-canonical), compared for per-address limits. */
  customer_email_key: string | null;
  /** Refunds pending and done (migration 038); a conditional update keeps it at most total_cents. */
  refunded_cents: Generated<number>;
}
export interface OrderEventsTable {
  id: string;
  order_id: string;
  /**
   * 'confirmation': value 'shopper', 'team' (who confirmed) or 'expired'. 'shipment': the team
   * corrected carrier or tracking (value: the carrier). 'note': an internal note (value: its id).
   * 'return': a withdrawal or return moved (value `{status}:{return number}`); 'refund': `{status}:{amount in cents}` (migration 038).
   */
  kind: 'status' | 'payment' | 'confirmation' | 'shipment' | 'note' | 'return' | 'refund';
  value: string;
  created_at: string;
  /** The member who made the change (migration 033); null: the shopper or the system. */
  actor_user_id: string | null;
}
/** The team's internal notes on an order (migration 033); never shown to the shopper. */
export interface OrderNotesTable {
  id: string;
  store_id: string;
  order_id: string;
  /** Null once the member's account is gone. */
  author_user_id: string | null;
  body: string;
  created_at: string;
}
/** One row per order the team shipped or delivered (migration 010). */
export interface OrderShipmentsTable {
  order_id: string;
  store_id: string;
  carrier: Carrier | null;
  tracking_number: string | null;
  /** Only for 'altro': the link the team gave. Other carriers' links are built from their pattern. */
  tracking_url: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  updated_at: string;
}
export interface StorePaymentSettingsTable {
  store_id: string;
  /** JSON without secrets (modules/payments/service.ts, `StoredSettings`). */
  settings: string;
  /** Encrypted with the server's payments key (modules/payments/secrets.ts). */
  stripe_secret_key: string | null;
  stripe_webhook_secret: string | null;
  updated_at: string;
  /** When the IBAN last changed and the e-mail of who changed it: the orders page warns for seven days (migration 046). */
  iban_changed_at: string | null;
  iban_changed_by: string | null;
}
/** Stripe events applied, once per store and event id (migration 029: each store has its own Stripe account). */
export interface StripeEventsTable {
  event_id: string;
  store_id: string;
  type: string;
  received_at: string;
}
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: string;
}
export interface OrderItemsTable {
  id: string;
  order_id: string;
  product_id: string | null;
  variant_id: string | null;
  title: string;
  variant_label: string | null;
  quantity: number;
  unit_price_cents: number;
  total_price_cents: number;
  vat_code: Generated<VatCode | null>;
  taxable_cents: Generated<number | null>;
  vat_cents: Generated<number | null>;
}
export interface StoreShippingSettingsTable {
  store_id: string;
  /** JSON ShippingSettings (packages/shared/src/shipping.ts). */
  settings: string;
  updated_at: string;
}
export interface DiscountCodesTable {
  id: string;
  store_id: string;
  /** Uppercase, unique in the store. */
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or cents. */
  value: number;
  min_order_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_email: number | null;
  uses: Generated<number>;
  active: number;
  created_at: string;
  updated_at: string;
}
export interface DiscountRedemptionsTable {
  id: string;
  discount_id: string;
  order_id: string;
  /** The shopper's address in canonical form (migration 028), so one mailbox is one shopper. */
  email: string;
  created_at: string;
}
/** A store's company details (migration 012); '' means not given. */
export interface StoreBusinessDetailsTable {
  store_id: string;
  company_name: string;
  /** 11 digits. */
  vat_number: string;
  tax_code: string;
  /** The seat on one line (footer, legal pages), written from the four parts below. */
  address: string;
  street: string;
  postal_code: string;
  city: string;
  /** Two letters, or empty. */
  province: string;
  pec: string;
  phone: string;
  email: string;
  updated_at: string;
}
/** A legal page the merchant edited (no row: the template). */
export interface StoreLegalPagesTable {
  store_id: string;
  kind: string;
  markdown: string;
  updated_at: string;
}
/** 'Primi passi' flags the store's data cannot tell (migration 036, modules/setup). */
export interface StoreSetupTable {
  store_id: string;
  visited_at: string | null;
  dismissed_at: string | null;
  updated_at: string;
}
/** The bell: one row per member per event (migration 014, modules/notifications). */
export interface NotificationsTable {
  id: string;
  store_id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  /** A dashboard path. */
  link: string;
  created_at: string;
  read_at: string | null;
}
/**
 * The home's numbers per store and Rome day (migrations 013 and 017, modules/stats): kept in the
 * orders' transactions, each order in one of a few shard rows of its day; the day is their sum.
 */
export interface StoreDailyStatsTable {
  store_id: string;
  /** 'YYYY-MM-DD', Europe/Rome. */
  day: string;
  shard: number;
  orders: number;
  revenue_cents: number;
  paid_cents: number;
  units: number;
}
export interface StoreDailyProductStatsTable {
  store_id: string;
  day: string;
  product_id: string;
  units: number;
  revenue_cents: number;
}
export interface StoreDailyVisitsTable {
  store_id: string;
  day: string;
  visitors: number;
}
/** Today's salted visitor hashes (no IP, no user agent), deleted with their salt the next day. */
export interface StoreVisitorsTable {
  store_id: string;
  day: string;
  visitor_hash: string;
}
/** Visitors each address (salted hash of the IPv4 address or IPv6 /64) added today (migration 030). */
export interface StoreVisitorAddressesTable {
  store_id: string;
  day: string;
  address_hash: string;
  visitors: number;
}
export interface VisitSaltsTable {
  day: string;
  salt: string;
}
/** A change of a sellable unit's counters (migration 016, modules/inventory): the inventory page's 'Storico'. */
export interface StockMovementsTable {
  id: Generated<number>;
  store_id: string;
  inventory_id: string;
  product_id: string;
  variant_id: string | null;
  qty_change: number;
  reserved_change: number;
  qty_after: number;
  reserved_after: number;
  reason: StockReason;
  order_id: string | null;
  actor_user_id: string | null;
  created_at: string;
}

/** VAT and invoicing settings of a store (migration 018). */
export interface StoreInvoiceSettingsTable {
  store_id: string;
  default_vat_code: VatCode;
  fiscal_regime: 'RF01' | 'RF02' | 'RF19';
  auto_issue: number;
  updated_at: string;
}
/** The last invoice number given per store and year. */
export interface InvoiceCountersTable {
  store_id: string;
  year: number;
  last_number: number;
}
/** An invoice or credit note, never rewritten once inserted. */
export interface InvoicesTable {
  id: string;
  store_id: string;
  order_id: string;
  kind: 'invoice' | 'credit_note';
  year: number;
  seq: number;
  /** '2026/0001'. */
  number: string;
  date: string;
  refers_to_id: string | null;
  buyer_name: string;
  taxable_cents: number;
  vat_cents: number;
  total_cents: number;
  file_name: string;
  /** JSON InvoiceDocument (modules/invoices/document.ts). */
  document: string;
  xml: string;
  issued_at: string;
  /** The member who issued it (migration 033); null: issued automatically. */
  issued_by_user_id: string | null;
  /** A refund's credit note: the invoice it corrects in part (migration 039; refers_to_id is the whole one's). */
  corrects_id: string | null;
  /** The refund a credit note was issued for (unique). */
  refund_id: string | null;
}

/** A withdrawal (the shopper's) or a return (the team's) of an order (migration 038). */
export interface ReturnsTable {
  id: string;
  store_id: string;
  order_id: string;
  /** 1, 2, 3… per store: 'Reso n. 3'. */
  number: number;
  origin: ReturnOrigin;
  status: ReturnStatus;
  customer_name: string;
  customer_email: string;
  reason: string | null;
  /** 'Rifiutato': why, as mailed to the shopper. */
  reject_reason: string | null;
  /** Electronic form; where a manual refund is sent. */
  refund_iban: string | null;
  /** The key the withdrawal form made once; a replayed confirmation finds it taken. */
  request_key: string | null;
  created_by_user_id: string | null;
  created_at: string;
  updated_at: string;
  authorized_at: string | null;
  received_at: string | null;
  /** When it became 'Rimborsato' or 'Rifiutato'. */
  closed_at: string | null;
}
export interface ReturnItemsTable {
  id: string;
  return_id: string;
  store_id: string;
  order_item_id: string;
  quantity: number;
  /** Units put back in stock on 'Ricevuto'. */
  restocked_quantity: Generated<number>;
}
export interface RefundsTable {
  id: string;
  store_id: string;
  order_id: string;
  return_id: string | null;
  method: RefundMethod;
  status: RefundStatus;
  items_cents: number;
  shipping_cents: number;
  /** May be negative: a deduction. */
  adjustment_cents: number;
  amount_cents: number;
  iban: string | null;
  note: string | null;
  stripe_refund_id: string | null;
  /** Stripe calls made; each has its own idempotency key. */
  attempts: Generated<number>;
  failure_reason: string | null;
  /** The nota di credito issued for it. */
  credit_note_id: string | null;
  created_by_user_id: string | null;
  created_at: string;
  updated_at: string;
  succeeded_at: string | null;
}
export interface RefundItemsTable {
  refund_id: string;
  store_id: string;
  order_item_id: string;
  quantity: number;
  amount_cents: number;
}
export interface StoreReturnSettingsTable {
  store_id: string;
  /** JSON ReturnSettings (packages/shared/src/returns.ts). */
  settings: string;
  updated_at: string;
}

/** 'Registro attività' (migration 043): written only by modules/audit, in the change's own transaction. */
export interface AuditEntriesTable {
  id: string;
  store_id: string;
  created_at: string;
  kind: string;
  action: string;
  summary: string;
  actor_user_id: string | null;
  actor_email: string | null;
  session_id: string | null;
  subject_type: string | null;
  subject_id: string | null;
  subject_label: string | null;
  /** JSON: [{ field, label, before, after }]. */
  changes: string;
}
