import { z } from 'zod';

/**
 * 'Registro attività' (issue 49, point 6): who changed what in a store, when and from which session.
 * The kinds are what the filter offers; `action` is the precise event ('payments.iban_changed').
 */
export const AUDIT_KINDS = ['settings', 'payments', 'prices', 'bulk', 'orders', 'refunds', 'discounts', 'team', 'invitations', 'exports', 'security'] as const;
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
  /** The session the change came from, when it came from one. */
  sessionId: z.string().nullable(),
  /** That session's device ('Chrome', 'macOS', 'Rete 203.0.113.x'); null when there was none or it is gone. */
  session: z.object({ browser: z.string(), system: z.string(), network: z.string() }).nullable(),
  subject: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditMsg = {
  day: 'Data non valida: usa il formato AAAA-MM-GG',
  range: 'La data di inizio deve precedere quella di fine',
  kind: 'Tipo di attività non valido',
  member: 'Membro non valido',
  cursor: 'Pagina non valida: ricarica il registro',
  limit: 'Numero di voci non valido (da 1 a 100)',
  format: 'Formato non valido: usa italiano o internazionale',
} as const;

const auditDay = z
  .string({ error: auditMsg.day })
  .regex(/^\d{4}-\d{2}-\d{2}$/, auditMsg.day)
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, auditMsg.day);

/** The filters of 'Registro attività', shared by the list and the CSV file: `from` and `to` are Italian calendar days. */
const auditFilterShape = {
  member: z.string({ error: auditMsg.member }).min(1, auditMsg.member).max(64, auditMsg.member).optional(),
  kind: z.enum(AUDIT_KINDS, { error: auditMsg.kind }).optional(),
  from: auditDay.optional(),
  to: auditDay.optional(),
};
const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const auditListQuerySchema = z
  .strictObject({
    ...auditFilterShape,
    cursor: z.string({ error: auditMsg.cursor }).min(1, auditMsg.cursor).max(200, auditMsg.cursor).optional(),
    limit: z.coerce.number({ error: auditMsg.limit }).int(auditMsg.limit).min(1, auditMsg.limit).max(100, auditMsg.limit).optional(),
  })
  .refine(rangeInOrder, { message: auditMsg.range, path: ['from'] });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditExportQuerySchema = z
  .strictObject({ ...auditFilterShape, format: z.enum(['italiano', 'internazionale'], { error: auditMsg.format }).optional() })
  .refine(rangeInOrder, { message: auditMsg.range, path: ['from'] });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** One page of entries, newest first; `nextCursor` asks for the older ones (null: none left). */
export const auditListResponseSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** Whoever appears in the store's entries (members of today or of the past), for the 'Membro' filter. */
export const auditMembersResponseSchema = z.object({ members: z.array(z.object({ userId: z.string(), email: z.string() })) });
export type AuditMembersResponse = z.infer<typeof auditMembersResponseSchema>;
