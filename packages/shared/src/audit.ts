import { z } from 'zod';

/**
 * 'Registro attività' (issue 49, point 6): who changed what in a store, when and from which session.
 * The kinds are what the filter offers; `action` is the precise event ('payments.iban_changed').
 */
export const AUDIT_KINDS = [
  'settings',
  'payments',
  'prices',
  'bulk',
  'orders',
  'refunds',
  'discounts',
  'team',
  'invitations',
  'exports',
  'security',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  settings: 'Impostazioni',
  payments: 'Metodi di pagamento',
  prices: 'Prezzi',
  bulk: 'Azioni di massa',
  orders: 'Stato degli ordini',
  refunds: 'Rimborsi',
  discounts: 'Codici sconto',
  team: 'Team',
  invitations: 'Inviti',
  exports: 'Esportazioni',
  security: 'Sicurezza',
};

/** Entries are kept twelve months, then removed by a daily job. */
export const AUDIT_RETENTION_DAYS = 365;

/** One changed field: the values as text, or null when there was none; secrets are never written. */
export const auditChangeSchema = z.object({
  field: z.string(),
  /** The Italian name of the field ('IBAN', 'Prezzo'). */
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(AUDIT_KINDS),
  action: z.string(),
  /** Italian, for the list: 'IBAN modificato', 'Prezzo modificato: Maglia blu'. */
  summary: z.string(),
  actor: z.object({ userId: z.string().nullable(), email: z.string().nullable() }),
  /** The session the change came from ('Chrome su macOS, rete 203.0.113.x'), when it came from one. */
  sessionId: z.string().nullable(),
  subject: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
