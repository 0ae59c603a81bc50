/** Plain values only (no zod): the storefront imports this file directly to keep its first load small. */
export const DEFAULT_COLORS = { primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' } as const;

export const PALETTE_PRESETS = [
  { name: 'Purple & Orange', colors: { primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' } },
  { name: 'Blue & Pink', colors: { primary: '#3B82F6', secondary: '#EC4899', accent: '#F59E0B' } },
  { name: 'Green & Teal', colors: { primary: '#10B981', secondary: '#06B6D4', accent: '#8B5CF6' } },
  { name: 'Dark Mode', colors: { primary: '#1F2937', secondary: '#6B7280', accent: '#F59E0B' } },
] as const;

export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/**
 * How much a member may do in a store: the owner (the store's creator, or whoever it was handed to)
 * is an admin who also decides who the admins are. Roles stay admin/staff (spec §3); ownership is a
 * mark on one admin.
 */
export const ACCESS_LEVELS = ['owner', 'admin', 'staff'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export function accessLevel(member: { role: Role; isOwner: boolean }): AccessLevel {
  return member.isOwner ? 'owner' : member.role;
}

/** What each access level may do in a store. The server guard and the UI both read this table. */
export const PERMISSIONS = {
  'store:read': ['owner', 'admin', 'staff'],
  'store:settings': ['owner', 'admin'],
  'store:delete': ['owner'],
  'store:seed': ['owner', 'admin'],
  /** Change where the money goes: IBAN, holder, Stripe keys (docs/decisions/0036-payment-owner.md). */
  'payments:payout': ['owner'],
  'catalog:write': ['owner', 'admin', 'staff'],
  'orders:write': ['owner', 'admin', 'staff'],
  /** Send money back to a shopper (docs/decisions/0051-returns.md); returns themselves are 'orders:write'. */
  'refunds:write': ['owner', 'admin'],
  'messages:write': ['owner', 'admin', 'staff'],
  'team:read': ['owner', 'admin', 'staff'],
  'team:manage': ['owner', 'admin'],
  /** Change roles, remove admins, transfer ownership. */
  'team:owner': ['owner'],
  /** 'Registro attività': who changed what (issue 49); staff do not read it. */
  'audit:read': ['owner', 'admin'],
  /** 'Richiedi la verifica in due passaggi al team'. */
  'security:manage': ['owner'],
} as const satisfies Record<string, readonly AccessLevel[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(member: { role: Role; isOwner: boolean }, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly AccessLevel[]).includes(accessLevel(member));
}

export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'In attesa',
  confirmed: 'Confermato',
  processing: 'In lavorazione',
  shipped: 'Spedito',
  delivered: 'Consegnato',
  cancelled: 'Annullato',
};

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Bozza',
  active: 'Attivo',
  archived: 'Archiviato',
};

export const LIMITS = {
  storeNameMin: 2,
  storeNameMax: 60,
  logoMaxBytes: 2_097_152,
  productImageMaxBytes: 5 * 1024 * 1024,
  productImagesMax: 10,
  /** Width × height of an uploaded image (logo or product), read from its header before decoding. */
  imageMaxPixels: 25_000_000,
  shippingCents: 599,
  featuredProducts: 6,
  homeCategories: 8,
  sidebarCookieDays: 7,
  mobileBreakpoint: 768,
  invitationDays: 7,
} as const;

/** The line under a store's name on its home page (and its pages' description). */
export const STORE_TAGLINE = 'Scopri la nostra selezione e ricevila a casa, ovunque in Italia.';

export const CHECKOUT_MAX_LINES = 50;
export const CHECKOUT_MAX_QTY = 99;

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** A storefront visitor's anonymous id (presence), as the browser generates and the server accepts it. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
