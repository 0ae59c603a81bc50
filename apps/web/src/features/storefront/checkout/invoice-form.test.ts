import { describe, expect, it } from 'vitest';
import { invoiceRequestMsg } from '@vetrina/shared/invoice-request';
import { EMPTY_INVOICE_FIELDS, invoiceAllowed, invoiceFormSchema, invoiceRequestInput, type InvoiceFields } from './invoice-form';

const fields = (over: Partial<InvoiceFields>): InvoiceFields => ({ ...EMPTY_INVOICE_FIELDS, requested: true, ...over });
const company = { kind: 'business', companyName: 'Ceramiche Rossi srl', vatNumber: 'IT 0636 3391 001', sdiCode: 'abc1234' };
const errors = (f: InvoiceFields) => invoiceFormSchema.safeParse(f).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe("'Richiedi fattura' in the checkout form", () => {
  it('is offered for Italian addresses only', () => {
    expect(invoiceAllowed('Italia')).toBe(true);
    expect(invoiceAllowed('Francia')).toBe(false);
    expect(invoiceAllowed('')).toBe(false);
  });

  it('sends null when the box is not ticked, whatever the fields hold', () => {
    const unticked = { ...fields(company), requested: false };
    expect(invoiceRequestInput(unticked)).toBeNull();
    expect(invoiceFormSchema.parse(unticked)).toBeNull();
  });

  it("sends only the chosen kind's fields (the shared objects are strict)", () => {
    const typed = fields({ ...company, taxCode: 'RSSMRA80A01H501U', pec: '' });
    expect(invoiceRequestInput({ ...typed, kind: 'private' })).toEqual({ kind: 'private', taxCode: 'RSSMRA80A01H501U' });
    expect(invoiceRequestInput(typed)).toEqual({ ...company, taxCode: 'RSSMRA80A01H501U', pec: '' });
  });

  it('normalises what is sent with the shared schema', () => {
    expect(invoiceFormSchema.parse(fields({ kind: 'private', taxCode: ' rssmra80a01h501u ' }))).toEqual({ kind: 'private', taxCode: 'RSSMRA80A01H501U' });
    expect(invoiceFormSchema.parse(fields({ ...company, taxCode: '', pec: '' }))).toEqual({
      kind: 'business',
      companyName: 'Ceramiche Rossi srl',
      vatNumber: '06363391001',
      sdiCode: 'ABC1234',
    });
  });

  it('shows the shared messages under their fields', () => {
    expect(errors(fields({}))).toEqual([['kind', invoiceRequestMsg.kind]]);
    expect(errors(fields({ kind: 'private', taxCode: 'RSSMRA80' }))).toEqual([['taxCode', invoiceRequestMsg.taxCode]]);
    expect(errors(fields({ kind: 'business', companyName: 'X', vatNumber: '06363391002' }))).toEqual([
      ['companyName', invoiceRequestMsg.companyName],
      ['vatNumber', invoiceRequestMsg.vatNumber],
      ['sdiCode', invoiceRequestMsg.sdiOrPec],
    ]);
    expect(errors(fields({ ...company, sdiCode: '' }))).toEqual([['sdiCode', invoiceRequestMsg.sdiOrPec]]);
    expect(errors(fields({ ...company, sdiCode: '', pec: 'fatture@pec' }))).toEqual([['pec', invoiceRequestMsg.pec]]);
  });
});
