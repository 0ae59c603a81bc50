import { z } from 'zod';
import { DEFAULT_COLORS, LIMITS, ROLES } from './constants.js';

const colorValue = z.string();
/** Response side of a palette: what the server stored ('#RRGGBB'). */
export const storeColorsResponseSchema = z.object({ primary: colorValue, secondary: colorValue, accent: colorValue });
export type StoreColors = z.infer<typeof storeColorsResponseSchema>;

/** A store as its members see it in lists, the switcher and the dashboard. */
export const storeSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logoUrl: z.string().nullable(),
  colors: storeColorsResponseSchema,
  themeId: z.string().nullable(),
  themeName: z.string().nullable(),
  themeKey: z.string().nullable(),
  role: z.enum(ROLES),
  /** The signed-in user owns this store (deletes it, decides who the admins are). */
  isOwner: z.boolean(),
  /** The owner asked the team for two-step sign-in: a session without a second factor is refused. */
  twoStepRequired: z.boolean(),
  createdAt: z.string(),
});
export type StoreSummary = z.infer<typeof storeSummarySchema>;
export const storeSummaryListSchema = z.array(storeSummarySchema);

export const meResponseSchema = z.object({
  /** emailVerified: a mailed link proved the mailbox (needed to accept invitations from the list). */
  user: z.object({ id: z.string(), email: z.string(), createdAt: z.string(), emailVerified: z.boolean() }),
  /** Null when the account has no profile row yet (see spec §4, sign-in). */
  profile: z.object({ activeStoreId: z.string().nullable() }).nullable(),
  stores: z.array(storeSummarySchema),
  activeStore: storeSummarySchema.nullable(),
  pendingInvitations: z.number().int(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const activeStoreResponseSchema = z.object({ activeStoreId: z.string() });

/** The profile created at sign-in and its default store. */
export const profileCreatedSchema = z.object({ profile: z.object({ activeStoreId: z.string() }), store: storeSummarySchema });

/** A storefront theme (a row of the themes table). */
export const themeSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  previewUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Theme = z.infer<typeof themeSchema>;
export const themeListSchema = z.array(themeSchema);

export const storeMsg = {
  nameMin: `Il nome dello store deve contenere almeno ${LIMITS.storeNameMin} caratteri`,
  nameMax: `Il nome dello store può contenere al massimo ${LIMITS.storeNameMax} caratteri`,
  colorInvalid: 'Colore non valido: usa il formato esadecimale #RRGGBB',
  themeInvalid: 'Tema non valido',
  storeInvalid: 'Store non valido',
  nothingToSave: 'Nessuna modifica da salvare',
  notFound: 'Store non trovato',
} as const;

export const storeNameField = z
  .string({ error: storeMsg.nameMin })
  .trim()
  .min(LIMITS.storeNameMin, storeMsg.nameMin)
  .max(LIMITS.storeNameMax, storeMsg.nameMax);

/** '#rrggbb' in any case, stored upper-cased so equal colours compare equal. */
export const hexColorField = z
  .string({ error: storeMsg.colorInvalid })
  .max(7, storeMsg.colorInvalid)
  .regex(/^#[0-9a-fA-F]{6}$/, storeMsg.colorInvalid)
  .transform((v) => v.toUpperCase());

export const storeColorsSchema = z.strictObject({
  primary: hexColorField,
  secondary: hexColorField,
  accent: hexColorField,
});

const themeIdField = z.string({ error: storeMsg.themeInvalid }).min(1, storeMsg.themeInvalid).max(64, storeMsg.themeInvalid);

/** Onboarding's create_user_store: name, palette and theme (the logo is uploaded right after). */
export const createStoreSchema = z.strictObject({
  name: storeNameField,
  colors: storeColorsSchema.default({ ...DEFAULT_COLORS }),
  /** Omitted: the first active theme. */
  themeId: themeIdField.optional(),
});
export type CreateStoreInput = z.input<typeof createStoreSchema>;

/** Store settings: any of name, palette, theme (logo has its own upload endpoint). */
export const updateStoreSchema = z
  .strictObject({
    name: storeNameField.optional(),
    colors: storeColorsSchema.optional(),
    themeId: themeIdField.optional(),
  })
  .refine((v) => v.name !== undefined || v.colors !== undefined || v.themeId !== undefined, { message: storeMsg.nothingToSave });
export type UpdateStoreInput = z.input<typeof updateStoreSchema>;

export const storeIdParams = z.strictObject({
  storeId: z.string({ error: storeMsg.storeInvalid }).min(1, storeMsg.storeInvalid).max(64, storeMsg.storeInvalid),
});

/** Sign-in "profile missing" path: no input, the server names the store after the e-mail. */
export const createProfileSchema = z.strictObject({}).optional();

export const setActiveStoreSchema = z.strictObject({
  storeId: z.string({ error: storeMsg.storeInvalid }).min(1, storeMsg.storeInvalid).max(64, storeMsg.storeInvalid),
});
export type SetActiveStoreInput = z.infer<typeof setActiveStoreSchema>;

/** Spec §9: the default store of a profile created at sign-in is 'Store di ' + the e-mail's local part. */
export function defaultStoreName(email: string): string {
  const local = email.split('@')[0] ?? '';
  const name = `Store di ${local}`.slice(0, LIMITS.storeNameMax).trim();
  return name.length >= LIMITS.storeNameMin ? name : 'Store di utente';
}

/**
 * How each theme lays out a storefront. The themes table holds names and descriptions; these
 * tokens are what makes a theme really look different (density, cards, type, radius, hero).
 */
export interface ThemeTokens {
  columns: 2 | 3 | 4;
  /** Space between cards and around sections. */
  density: 'compact' | 'comfortable' | 'airy';
  card: 'shadow' | 'bordered' | 'flat' | 'bold';
  headingFont: 'sans' | 'serif';
  headingWeight: 300 | 600 | 800;
  radius: string;
  hero: 'large' | 'centered' | 'none' | 'full-bleed';
  imageRatio: '4/5' | '1/1' | '3/4';
}

export const THEME_TOKENS: Record<string, ThemeTokens> = {
  moderno: { columns: 4, density: 'comfortable', card: 'shadow', headingFont: 'sans', headingWeight: 600, radius: '1rem', hero: 'large', imageRatio: '4/5' },
  classico: {
    columns: 3,
    density: 'comfortable',
    card: 'bordered',
    headingFont: 'serif',
    headingWeight: 600,
    radius: '0.25rem',
    hero: 'centered',
    imageRatio: '3/4',
  },
  minimal: { columns: 4, density: 'airy', card: 'flat', headingFont: 'sans', headingWeight: 300, radius: '0', hero: 'none', imageRatio: '1/1' },
  audace: { columns: 2, density: 'compact', card: 'bold', headingFont: 'sans', headingWeight: 800, radius: '1.5rem', hero: 'full-bleed', imageRatio: '4/5' },
};

export const themeTokensOf = (key: string | null | undefined): ThemeTokens => THEME_TOKENS[key ?? ''] ?? THEME_TOKENS.moderno!;
