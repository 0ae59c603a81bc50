import { describe, expect, it } from 'vitest';
import { checkoutMsg } from '@vetrina/shared/orders';
import { invoiceRequestMsg } from '@vetrina/shared/invoice-request';
import { provinceMsg } from '@vetrina/shared/provinces';
import { checkoutFormSchema, checkoutFormSchemaFor, formFieldOf, type CheckoutFormValues } from './checkout-form-schema';
import { EMPTY_INVOICE_FIELDS } from './invoice-form';

const values = (over: Partial<CheckoutFormValues> = {}): CheckoutFormValues => ({
  customerName: 'Maria Bianchi',
  customerEmail: 'maria@example.it',
  street: 'Via Roma 1',
  city: 'Milano',
  postalCode: '20121',
  invoice: EMPTY_INVOICE_FIELDS,
  ...over,
});
const privateInvoice = { ...EMPTY_INVOICE_FIELDS, requested: true, kind: 'private', taxCode: 'RSSMRA80A01H501U' };
const errors = (v: CheckoutFormValues) => checkoutFormSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the checkout form schema', () => {
  it('keeps the customer and the invoice apart, null when none is asked', () => {
    const { invoice, ...customer } = checkoutFormSchema.parse(values({ customerName: ' Maria Bianchi ' }));
    expect(invoice).toBeNull();
    expect(customer).toEqual({ customerName: 'Maria Bianchi', customerEmail: 'maria@example.it', street: 'Via Roma 1', city: 'Milano', postalCode: '20121' });
    expect(checkoutFormSchema.parse(values({ invoice: privateInvoice })).invoice).toEqual({ kind: 'private', taxCode: 'RSSMRA80A01H501U' });
  });

  it("asks for 'Provincia' in Italy only, together with the other messages at the first submit", () => {
    const italy = (v: CheckoutFormValues) =>
      checkoutFormSchemaFor('Italia')
        .safeParse(v)
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(italy(values({ customerName: 'M', street: 'Via' }))).toEqual([
      ['customerName', checkoutMsg.name],
      ['street', checkoutMsg.address],
      ['province', provinceMsg.required],
    ]);
    expect(italy(values({ province: ' ' }))).toEqual([['province', provinceMsg.required]]);
    expect(italy(values({ province: 'mi' }))).toBeUndefined();
    expect(checkoutFormSchemaFor('Italia').parse(values({ province: 'mi' })).province).toBe('MI');
    // Abroad the field is not shown and not asked.
    expect(checkoutFormSchemaFor('Francia').safeParse(values()).success).toBe(true);
  });

  it('asks for a 5-digit CAP with an invoice only, together with the other messages', () => {
    expect(errors(values({ postalCode: '1234' }))).toBeUndefined();
    expect(errors(values({ postalCode: '1234', invoice: privateInvoice }))).toEqual([['postalCode', invoiceRequestMsg.postalCode]]);
    expect(errors(values({ customerName: 'M', postalCode: '1234', invoice: { ...privateInvoice, taxCode: 'x' } }))).toEqual([
      ['customerName', checkoutMsg.name],
      ['invoice.taxCode', invoiceRequestMsg.taxCode],
      ['postalCode', invoiceRequestMsg.postalCode],
    ]);
  });

  it('with a billing address of its own, checks that CAP instead of the shipping one', () => {
    const billing = { street: 'Via dei Mille 3', postalCode: '10121', city: 'Torino', province: 'to' };
    const withAddress = { ...privateInvoice, differentAddress: true, address: billing };
    expect(checkoutFormSchema.parse(values({ postalCode: '1234', invoice: withAddress })).invoice).toEqual({
      kind: 'private',
      taxCode: 'RSSMRA80A01H501U',
      address: { ...billing, province: 'TO' },
    });
    expect(errors(values({ invoice: { ...withAddress, address: { ...billing, postalCode: '101', street: 'Via' } } }))).toEqual([
      ['invoice.address.street', invoiceRequestMsg.billingStreet],
      ['invoice.address.postalCode', invoiceRequestMsg.postalCode],
    ]);
    // Unticked, whatever was typed there stays home.
    expect(checkoutFormSchema.parse(values({ invoice: { ...withAddress, differentAddress: false } })).invoice).toEqual({
      kind: 'private',
      taxCode: 'RSSMRA80A01H501U',
    });
  });

  it("puts the server's field errors on the fields on screen", () => {
    expect(formFieldOf('invoice.address.postalCode')).toBe('invoice.address.postalCode');
    expect(formFieldOf('invoice.address.country')).toBeNull();
    expect(formFieldOf('invoice.taxCode')).toBe('invoice.taxCode');
    expect(formFieldOf('invoice.sdiCode')).toBe('invoice.sdiCode');
    expect(formFieldOf('invoice')).toBe('invoice.requested');
    expect(formFieldOf('customer.postalCode')).toBe('postalCode');
    expect(formFieldOf('paymentMethod')).toBeNull();
    expect(formFieldOf('country')).toBeNull();
    expect(formFieldOf('customer.unknown')).toBeNull();
    expect(formFieldOf('invoice.taxCode.extra')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});
