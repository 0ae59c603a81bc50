import { describe, expect, it } from 'vitest';
import {
  businessDetailsInputSchema,
  sellerAddressLine,
  isValidCodiceFiscale,
  isValidPartitaIva,
  legalPageInputSchema,
  normalisePartitaIva,
} from './business-settings.js';

const blank = { companyName: '', vatNumber: '', taxCode: '', street: '', postalCode: '', city: '', province: '', pec: '', phone: '', email: '' };
const firstMessage = (input: unknown) => {
  const r = businessDetailsInputSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('Partita IVA', () => {
  // Published numbers of Italian companies and public bodies.
  it.each(['06363391001', '00905811006', '01114601006', '00159560366', '00488410010'])('accepts %s', (piva) => {
    expect(isValidPartitaIva(piva)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '06363391002'],
    ['two digits swapped', '06363390101'],
    ['10 digits', '0636339100'],
    ['12 digits', '063633910010'],
    ['letters', '0636339100A'],
    ['all zeros', '00000000000'],
  ])('refuses %s', (_what, piva) => {
    expect(isValidPartitaIva(piva)).toBe(false);
  });

  it('accepts the IT prefix and spaces, and keeps 11 digits', () => {
    expect(normalisePartitaIva('IT 0636 3391 001')).toBe('06363391001');
    const r = businessDetailsInputSchema.parse({ ...blank, companyName: 'Bottega Srl', vatNumber: 'it06363391001' });
    expect(r.vatNumber).toBe('06363391001');
  });
});

describe('codice fiscale', () => {
  it.each([
    ['a person', 'RSSMRA85T10A562S'],
    ['a woman born in 2007', 'VRNGNY07D68C351V'],
    ['an omocodia', 'VRNGNY07D68C35MN'],
    ['a company (11 digits)', '00905811006'],
  ])('accepts %s', (_what, cf) => {
    expect(isValidCodiceFiscale(cf)).toBe(true);
  });

  it.each([
    ['a wrong check letter', 'RSSMRA85T10A562T'],
    ['an impossible day', 'RSSMRA85T72A562S'],
    ['15 characters', 'RSSMRA85T10A562'],
    ['a company code with a wrong check digit', '00905811007'],
    ['lowercase garbage', 'ciao'],
  ])('refuses %s', (_what, cf) => {
    expect(isValidCodiceFiscale(cf)).toBe(false);
  });

  it('is stored in capitals without spaces', () => {
    const r = businessDetailsInputSchema.parse({ ...blank, taxCode: 'rssmra 85t10 a562s' });
    expect(r.taxCode).toBe('RSSMRA85T10A562S');
  });
});

describe('business details', () => {
  it('may be empty: a store opens before its details are known', () => {
    expect(businessDetailsInputSchema.parse(blank)).toEqual(blank);
  });

  it('saves a complete set, trimmed and normalised', () => {
    const r = businessDetailsInputSchema.parse({
      companyName: '  Bottega Rossi S.r.l. ',
      vatNumber: 'IT 06363391001',
      taxCode: '06363391001',
      street: ' Via Dante 5 ',
      postalCode: '20121',
      city: 'Milano',
      province: 'mi',
      pec: 'Bottega@PEC.it',
      phone: '+39 02 1234567',
      email: 'Info@Bottega.it',
    });
    expect(r).toEqual({
      companyName: 'Bottega Rossi S.r.l.',
      vatNumber: '06363391001',
      taxCode: '06363391001',
      street: 'Via Dante 5',
      postalCode: '20121',
      city: 'Milano',
      province: 'MI',
      pec: 'bottega@pec.it',
      phone: '+39 02 1234567',
      email: 'info@bottega.it',
    });
  });

  it.each([
    ['an invalid P.IVA', { companyName: 'Bottega Srl', vatNumber: '12345678901' }, 'Partita IVA non valida'],
    ['a P.IVA with letters', { companyName: 'Bottega Srl', vatNumber: 'ABCDEFGHILM' }, 'Partita IVA non valida'],
    ['an invalid codice fiscale', { taxCode: 'RSSMRA85T10A562T' }, 'Codice fiscale non valido'],
    ['an invalid PEC', { pec: 'non-una-pec' }, 'PEC non valida'],
    ['an invalid phone', { phone: 'chiamami' }, 'Numero di telefono non valido'],
    ['an invalid e-mail', { email: 'info@' }, 'Email non valida'],
    ['a P.IVA without the company name', { vatNumber: '06363391001' }, 'Inserisci la ragione sociale: va indicata insieme alla Partita IVA'],
    ['a company name without the P.IVA', { companyName: 'Bottega Srl' }, 'Inserisci la Partita IVA: va indicata insieme alla ragione sociale'],
    ['a street without CAP and city', { street: 'Via Roma 1' }, 'CAP non valido: servono 5 cifre'],
    ['a city without the street', { postalCode: '20121', city: 'Milano' }, 'Inserisci l’indirizzo della sede (5-60 caratteri)'],
    ['a four-digit CAP', { street: 'Via Roma 1', postalCode: '2012', city: 'Milano' }, 'CAP non valido: servono 5 cifre'],
  ])('refuses %s with an Italian message', (_what, over, message) => {
    expect(firstMessage({ ...blank, ...over })).toBe(message);
  });
});

describe('the seat on one line', () => {
  it('joins street, CAP, city and province as the footer shows them', () => {
    expect(sellerAddressLine({ street: 'Via Roma 1', postalCode: '20121', city: 'Milano', province: 'MI' })).toBe('Via Roma 1, 20121 Milano (MI)');
    expect(sellerAddressLine({ street: 'Via Roma 1', postalCode: '20121', city: 'Milano', province: '' })).toBe('Via Roma 1, 20121 Milano');
    expect(sellerAddressLine({ street: '', postalCode: '', city: '', province: '' })).toBe('');
  });
});

describe('legal page text', () => {
  it('must not be empty nor longer than 50,000 characters', () => {
    expect(legalPageInputSchema.safeParse({ markdown: '  \n ' }).error?.issues[0]?.message).toBe('Il testo della pagina non può essere vuoto');
    expect(legalPageInputSchema.safeParse({ markdown: 'a'.repeat(50_001) }).error?.issues[0]?.message).toBe(
      'Il testo della pagina può contenere al massimo 50.000 caratteri',
    );
    expect(legalPageInputSchema.parse({ markdown: '# Termini' }).markdown).toBe('# Termini');
  });
});
