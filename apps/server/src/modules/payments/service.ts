import { PAYMENT_LIMITS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, formatEuro, paymentMsg, type PaymentMethod, type PublicPaymentOption } from '@vetrina/shared';
import { can } from '@vetrina/shared';
import { isMaskedIban, keyHint, maskIban, payoutMsg, type PaymentSettings, type PaymentSettingsData, type PayoutField } from '@vetrina/shared/payment-settings';
import { plural } from '@vetrina/shared/plural';
import { IBAN_CHANGE_NOTICE_MS, type IbanChangeNotice } from '@vetrina/shared/iban-change';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { StoreMembership } from '../../plugins/guard.js';
import { storeMailBrand } from '../stores/service.js';
import { payoutChangedMail } from './mails.js';
import { paymentsRepo } from './repo.js';
import { audit } from '../audit/service.js';
import { paymentChanges } from './audit-fields.js';

/** Who reads or saves the settings: a member of the store (owner or admin, the guard saw to it). */
export type PaymentsReader = Pick<StoreMembership, 'storeId' | 'role' | 'isOwner'> & { user: { id?: string; email: string; sessionId?: string } };

/** The settings as stored (JSON, no secrets). */
export interface StoredSettings {
  bankTransfer: { enabled: boolean; iban: string; holder: string; bank: string; deadlineDays: number };
  cod: { enabled: boolean; surchargeCents: number; maxTotalCents: number | null };
  pickup: { enabled: boolean; address: string; hours: string };
  card: { enabled: boolean };
}

/** A store that never opened 'Pagamenti' takes cash on delivery only (docs/decisions/0016-payments.md). */
export const DEFAULT_SETTINGS: StoredSettings = {
  bankTransfer: { enabled: false, iban: '', holder: '', bank: '', deadlineDays: PAYMENT_LIMITS.deadlineDaysDefault },
  cod: { enabled: true, surchargeCents: 0, maxTotalCents: null },
  pickup: { enabled: false, address: '', hours: '' },
  card: { enabled: false },
};

function parseStored(raw: string | undefined): StoredSettings {
  if (!raw) return DEFAULT_SETTINGS;
  try {
    const s = JSON.parse(raw) as Partial<StoredSettings>;
    return {
      bankTransfer: { ...DEFAULT_SETTINGS.bankTransfer, ...s.bankTransfer },
      cod: { ...DEFAULT_SETTINGS.cod, ...s.cod },
      pickup: { ...DEFAULT_SETTINGS.pickup, ...s.pickup },
      card: { ...DEFAULT_SETTINGS.card, ...s.card },
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

/** A method the store offers, resolved for one checkout. */
export interface ChosenMethod {
  option: PublicPaymentOption;
  settings: StoredSettings;
  /** Card only: the merchant's Stripe keys. */
  stripe: StripeSecrets | null;
}

const describe = (method: PaymentMethod, s: StoredSettings): string => {
  switch (method) {
    case 'bank_transfer':
      return `Paga con bonifico entro ${plural(s.bankTransfer.deadlineDays, 'giorno', 'giorni')}: dopo l’ordine ti mostriamo IBAN e causale.`;
    case 'cod':
      return s.cod.surchargeCents > 0
        ? `Paghi in contanti al corriere alla consegna (supplemento di ${formatEuro(s.cod.surchargeCents)}).`
        : 'Paghi in contanti al corriere alla consegna.';
    case 'pickup':
      return `Ritiri in negozio: ${s.pickup.address} (${s.pickup.hours}). Nessun costo di spedizione.`;
    case 'card':
      return 'Paghi in modo sicuro con carta di credito o di debito su Stripe.';
  }
};

export function paymentsService(ctx: AppContext) {
  const repo = paymentsRepo(ctx.db);
  const box = ctx.secrets;

  async function load(storeId: string) {
    const row = await repo.find(storeId);
    const settings = parseStored(row?.settings);
    const secretKey = row?.stripe_secret_key ? box.open(storeId, row.stripe_secret_key) : null;
    const webhookSecret = row?.stripe_webhook_secret ? box.open(storeId, row.stripe_webhook_secret) : null;
    const stripe = secretKey && webhookSecret ? { secretKey, webhookSecret } : null;
    return { settings, secretKey, webhookSecret, stripe };
  }

  const settingsUrl = (storeId: string) => `${ctx.publicUrl()}/dashboard/stores/${storeId}/settings/pagamenti`;
  const webhookUrl = (storeId: string) => `${ctx.publicUrl()}/api/public/payments/stripe/${storeId}/webhook`;

  function view(reader: PaymentsReader, l: Awaited<ReturnType<typeof load>>): PaymentSettings {
    const s = l.settings;
    const storeId = reader.storeId;
    const payoutEditable = can(reader, 'payments:payout');
    return {
      payoutEditable,
      bankTransfer: { ...s.bankTransfer, iban: payoutEditable ? s.bankTransfer.iban : maskIban(s.bankTransfer.iban) },
      cod: s.cod,
      pickup: s.pickup,
      card: {
        enabled: s.card.enabled,
        hasSecretKey: l.secretKey !== null,
        hasWebhookSecret: l.webhookSecret !== null,
        secretKeyHint: l.secretKey ? keyHint(l.secretKey) : null,
        webhookSecretHint: l.webhookSecret ? keyHint(l.webhookSecret) : null,
        mode: l.secretKey ? (l.secretKey.startsWith('sk_live_') ? 'live' : 'test') : null,
        webhookUrl: webhookUrl(storeId),
      },
    };
  }

  /** The methods the storefront offers, in a fixed order (card only with both Stripe keys in place). */
  function optionsOf(l: Awaited<ReturnType<typeof load>>): PublicPaymentOption[] {
    const s = l.settings;
    const on: Record<PaymentMethod, boolean> = {
      bank_transfer: s.bankTransfer.enabled && s.bankTransfer.iban !== '',
      cod: s.cod.enabled,
      pickup: s.pickup.enabled,
      card: s.card.enabled && l.stripe !== null,
    };
    return PAYMENT_METHODS.filter((m) => on[m]).map((method) => ({
      method,
      label: PAYMENT_METHOD_LABELS[method],
      surchargeCents: method === 'cod' ? s.cod.surchargeCents : 0,
      freeShipping: method === 'pickup',
      maxTotalCents: method === 'cod' ? s.cod.maxTotalCents : null,
      description: describe(method, s),
    }));
  }

  return {
    async get(reader: PaymentsReader): Promise<PaymentSettings> {
      return view(reader, await load(reader.storeId));
    },

    /**
     * Saves the methods; Stripe's keys are replaced only when new ones are typed, and kept sealed.
     * IBAN, holder and keys are the owner's: an admin sending other values gets 403 and nothing
     * changes; any change of them is mailed to the owner and every admin, queued with the save
     * itself (docs/decisions/0055-fresh-proof.md).
     */
    async save(member: PaymentsReader, input: PaymentSettingsData): Promise<PaymentSettings> {
      const storeId = member.storeId;
      const current = await load(storeId);
      const was = { iban: current.settings.bankTransfer.iban, holder: current.settings.bankTransfer.holder };
      // The masked IBAN an admin's form sends back means 'as stored'.
      const iban = isMaskedIban(input.bankTransfer.iban) ? was.iban : input.bankTransfer.iban;
      const secretKey = input.card.secretKey || current.secretKey;
      const webhookSecret = input.card.webhookSecret || current.webhookSecret;
      const changed: PayoutField[] = [];
      if (iban !== was.iban) changed.push('bankTransfer.iban');
      if (input.bankTransfer.holder !== was.holder) changed.push('bankTransfer.holder');
      if (secretKey !== current.secretKey) changed.push('card.secretKey');
      if (webhookSecret !== current.webhookSecret) changed.push('card.webhookSecret');
      if (changed.length && !can(member, 'payments:payout')) throw forbidden(payoutMsg.ownerOnly);
      if (input.bankTransfer.enabled && !iban) throw badRequest(paymentMsg.ibanRequired, 'bankTransfer.iban');
      if (input.card.enabled && !secretKey) throw badRequest(paymentMsg.stripeMissing, 'card.secretKey');
      if (input.card.enabled && !webhookSecret) throw badRequest(paymentMsg.stripeMissing, 'card.webhookSecret');
      const settings: StoredSettings = {
        bankTransfer: { ...input.bankTransfer, iban },
        cod: input.cod,
        pickup: input.pickup,
        card: { enabled: input.card.enabled },
      };
      const row = {
        settings: JSON.stringify(settings),
        stripe_secret_key: secretKey ? box.seal(storeId, secretKey) : null,
        stripe_webhook_secret: webhookSecret ? box.seal(storeId, webhookSecret) : null,
      };
      const changes = paymentChanges(current, { settings, secretKey, webhookSecret });
      // 'Registro attività' gets the change in the save's own transaction.
      const record = async (trx: typeof ctx.db) => {
        if (changes.length)
          await audit.record(trx, member.user.id ? { storeId, user: { ...member.user, id: member.user.id } } : { storeId }, {
            kind: 'payments',
            action: changed.includes('bankTransfer.iban') ? 'payments.iban_changed' : 'payments.updated',
            summary: changed.includes('bankTransfer.iban') ? 'IBAN modificato' : 'Metodi di pagamento modificati',
            changes,
          });
      };
      if (!changed.length)
        await ctx.db.transaction().execute(async (trx) => {
          await repo.save(trx, storeId, row);
          await record(trx);
        });
      else {
        const at = clock.now();
        // The orders page warns the team for seven days after the IBAN changes (iban-change.ts).
        const ibanChanged = changed.includes('bankTransfer.iban') ? { iban_changed_at: at.toISOString(), iban_changed_by: member.user.email } : {};
        const [brand, watchers] = await Promise.all([storeMailBrand(ctx, ctx.db, storeId), repo.payoutWatchers(storeId)]);
        await ctx.db.transaction().execute(async (trx) => {
          await repo.save(trx, storeId, { ...row, ...ibanChanged });
          await record(trx);
          if (!watchers.length) return;
          const values = { iban, holder: input.bankTransfer.holder, secretKey: secretKey ?? '', webhookSecret: webhookSecret ?? '' };
          const mails = watchers.map((to) => payoutChangedMail({ to, brand, changed, values, by: member.user.email, at, settingsUrl: settingsUrl(storeId) }));
          await ctx.mailer.enqueue(trx, mails);
        });
        ctx.mailer.wake();
      }
      return view(member, await load(storeId));
    },

    /** 'L'IBAN è stato modificato il … da …': the last IBAN change, while it is under seven days old. */
    async ibanChangeNotice(storeId: string): Promise<IbanChangeNotice> {
      const last = await repo.ibanChange(storeId);
      const recent = last && clock.nowMs() - Date.parse(last.at) < IBAN_CHANGE_NOTICE_MS;
      return { ibanChange: recent ? { changedAt: last.at, changedBy: last.by } : null };
    },

    async publicOptions(storeId: string): Promise<PublicPaymentOption[]> {
      return optionsOf(await load(storeId));
    },

    /** The chosen method, if the store offers it; 'Metodo di pagamento non disponibile' otherwise. */
    async choose(storeId: string, method: PaymentMethod): Promise<ChosenMethod> {
      const l = await load(storeId);
      const option = optionsOf(l).find((o) => o.method === method);
      if (!option) throw badRequest(paymentMsg.unavailable, 'paymentMethod');
      return { option, settings: l.settings, stripe: method === 'card' ? l.stripe : null };
    },

    /** The store's Stripe secret key, for refunds (null: card payments were never set up). */
    async secretKey(storeId: string): Promise<string | null> {
      return (await load(storeId)).secretKey;
    },

    /** The store's webhook signing secret (null: card payments were never set up). */
    async webhookSecret(storeId: string): Promise<string | null> {
      return (await load(storeId)).webhookSecret;
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
