import { describe, expect, it } from 'vitest';
import { paymentMsg } from '@vetrina/shared';
import type { PaymentSettings } from '@vetrina/shared/payment-settings';
import { paymentFormFieldOf, paymentFormSchema, paymentFormValues, toPaymentInput, type PaymentFormValues } from './payment-form';

const IBAN = 'IT60X0542811101000000123456';

const stored: PaymentSettings = {
  payoutEditable: true,
  bankTransfer: { enabled: true, iban: IBAN, holder: 'Bottega Rossi srl', bank: 'Banca Popolare', deadlineDays: 5 },
  cod: { enabled: true, surchargeCents: 250, maxTotalCents: 30000 },
  pickup: { enabled: false, address: '', hours: '' },
  card: {
    enabled: false,
    hasSecretKey: false,
    hasWebhookSecret: false,
    secretKeyHint: null,
    webhookSecretHint: null,
    mode: null,
    webhookUrl: 'https://vetrina.example/api/webhooks/stripe/s1',
  },
};

const noSecrets = { hasSecretKey: false, hasWebhookSecret: false };

/** The form's errors as { field: message }, or the API body when it is valid. */
function submit(values: PaymentFormValues, secrets = noSecrets) {
  const r = paymentFormSchema(secrets).safeParse(values);
  if (r.success) return { data: r.data };
  return { errors: Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message])) };
}

const edit = (patch: (v: PaymentFormValues) => void) => {
  const v = structuredClone(paymentFormValues(stored));
  patch(v);
  return v;
};

describe('paymentFormValues', () => {
  it('shows amounts as Italian euro text, the IBAN in groups of four and no secrets', () => {
    const v = paymentFormValues({ ...stored, card: { ...stored.card, enabled: true, hasSecretKey: true, hasWebhookSecret: true, mode: 'live' } });
    expect(v.cod).toEqual({ enabled: true, surcharge: '2,50', maxTotal: '300,00' });
    expect(v.bankTransfer.iban).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(v.bankTransfer.deadlineDays).toBe('5');
    expect(v.card).toEqual({ enabled: true, secretKey: '', webhookSecret: '' });
  });

  it('leaves the surcharge and the maximum empty when there are none', () => {
    const v = paymentFormValues({ ...stored, cod: { enabled: true, surchargeCents: 0, maxTotalCents: null } });
    expect(v.cod).toEqual({ enabled: true, surcharge: '', maxTotal: '' });
  });
});

describe('toPaymentInput', () => {
  it('turns euro text into cents and empty fields into none', () => {
    const input = toPaymentInput(edit((v) => Object.assign(v.cod, { surcharge: '3,9', maxTotal: '' })));
    expect(input.cod).toEqual({ enabled: true, surchargeCents: 390, maxTotalCents: null });
    expect(toPaymentInput(edit((v) => (v.cod.surcharge = ''))).cod.surchargeCents).toBe(0);
  });

  it('leaves blank Stripe secrets out, so the stored ones are kept', () => {
    expect(toPaymentInput(edit(() => {})).card).toEqual({ enabled: false });
    const card = toPaymentInput(edit((v) => (v.card = { enabled: true, secretKey: ' sk_test_abcdefghij12 ', webhookSecret: '' }))).card;
    expect(card).toEqual({ enabled: true, secretKey: 'sk_test_abcdefghij12' });
  });
});

describe('paymentFormSchema', () => {
  it('accepts an IBAN typed with spaces and lowercase and sends it in electronic form', () => {
    const r = submit(edit((v) => (v.bankTransfer.iban = ' it60 x054 2811 1010 0000 0123 456 ')));
    expect(r.data?.bankTransfer.iban).toBe(IBAN);
    expect(r.data?.bankTransfer.deadlineDays).toBe(5);
  });

  it('keeps an admin’s masked IBAN as the server wrote it and sends it back unchanged', () => {
    const admin = paymentFormValues({ ...stored, payoutEditable: false, bankTransfer: { ...stored.bankTransfer, iban: 'IT•• •••• … 3456' } });
    expect(admin.bankTransfer.iban).toBe('IT•• •••• … 3456');
    expect(submit(admin).data?.bankTransfer.iban).toBe('IT•• •••• … 3456');
  });

  it('puts the shared messages on the fields the merchant typed in', () => {
    const r = submit(
      edit((v) => {
        v.bankTransfer.iban = 'IT00 1234';
        v.bankTransfer.deadlineDays = 'tre';
        v.cod.surcharge = '60';
        v.cod.maxTotal = 'molti';
      }),
    );
    expect(r.errors).toEqual({
      'bankTransfer.iban': paymentMsg.iban,
      'bankTransfer.deadlineDays': paymentMsg.deadline,
      'cod.surcharge': paymentMsg.surcharge,
      'cod.maxTotal': paymentMsg.maxTotal,
    });
  });

  it('needs at least one method, as a message for the whole form', () => {
    const r = submit(edit((v) => (v.bankTransfer.enabled = v.cod.enabled = false)));
    expect(r.errors).toEqual({ root: paymentMsg.atLeastOne });
  });

  it('asks for the pickup address and hours only when pickup is on', () => {
    expect(submit(edit(() => {})).errors).toBeUndefined();
    const r = submit(edit((v) => (v.pickup.enabled = true)));
    expect(r.errors).toEqual({ 'pickup.address': paymentMsg.pickupAddress, 'pickup.hours': paymentMsg.pickupHours });
  });

  it('asks for Stripe secrets when cards are turned on without stored ones, and checks their shape', () => {
    expect(submit(edit((v) => (v.card.enabled = true))).errors).toEqual({
      'card.secretKey': paymentMsg.stripeMissing,
      'card.webhookSecret': paymentMsg.stripeMissing,
    });
    expect(
      submit(
        edit((v) => (v.card.enabled = true)),
        { hasSecretKey: true, hasWebhookSecret: true },
      ).errors,
    ).toBeUndefined();
    const wrong = submit(edit((v) => (v.card = { enabled: true, secretKey: 'pk_test_123', webhookSecret: 'whsec_abcdefghijkl' })));
    expect(wrong.errors).toEqual({ 'card.secretKey': paymentMsg.stripeSecret });
  });
});

describe('paymentFormFieldOf', () => {
  it("maps the server's field paths onto the form", () => {
    expect(paymentFormFieldOf('bankTransfer.iban')).toBe('bankTransfer.iban');
    expect(paymentFormFieldOf('cod.surchargeCents')).toBe('cod.surcharge');
    expect(paymentFormFieldOf('cod.maxTotalCents')).toBe('cod.maxTotal');
    expect(paymentFormFieldOf('methods')).toBe('root');
    expect(paymentFormFieldOf('card')).toBe('card.secretKey');
    expect(paymentFormFieldOf('storeId')).toBeNull();
    expect(paymentFormFieldOf(undefined)).toBeNull();
  });
});
