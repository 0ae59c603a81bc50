import { fpa2js } from '@digitalia/fatturapa';
import { VAT_NATURE_REFERENCES, isValidPartitaIva } from '@vetrina/shared';
import { isValidCodiceFiscale } from '@vetrina/shared/business-settings';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from './document.js';
import { address, businessBuyer, createDocument, createSeller, privateBuyer } from './document-factory.js';
import { personName, phoneOf } from './fatturapa-text.js';
import { validateAgainstXsd } from '../../../test/fatturapa-xsd.js';
import { FATTURAPA_SCHEMA_VERSION, buildFatturaXml, fatturaFileName, loadFatturapa, unitPrice, validateFatturaXml } from './fatturapa.js';

// The server loads the library on first use; these tests build documents while collecting.
await loadFatturapa();

const parse = (xml: string): any => fpa2js(xml, { validate: true, valuesOnly: true });
const many = (v: any): any[] => (Array.isArray(v) ? v : [v]);
const body = (xml: string) => parse(xml).FatturaElettronicaBody;
const header = (xml: string) => parse(xml).FatturaElettronicaHeader;
// The library's parser leaves entities encoded.
const decoded = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? e);

/** Every file the tests below build, checked against the XML Schema at the end. */
const built: string[] = [];
function buildValid(doc: InvoiceDocument): string {
  const xml = buildFatturaXml(doc);
  expect(validateFatturaXml(xml)).toEqual({ valid: true, errors: [] });
  built.push(xml);
  return xml;
}

describe('buildFatturaXml', () => {
  it('uses tax ids that pass their own checks', () => {
    expect(['12345678903', '01234567897', '07654321012'].every(isValidPartitaIva)).toBe(true);
    expect(isValidCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(FATTURAPA_SCHEMA_VERSION).toMatch(/^FatturaPA 1\.2/);
  });

  it('writes a consumer invoice with one 22% line', () => {
    const doc = createDocument([{ description: 'Tazza in ceramica', quantity: 2, grossCents: 2440 }]);
    const xml = buildValid(doc);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><p:FatturaElettronica versione="FPR12"/);
    const h = header(xml);
    expect(h.DatiTrasmissione).toEqual({
      IdTrasmittente: { IdPaese: 'IT', IdCodice: '12345678903' },
      ProgressivoInvio: '0ABCD',
      FormatoTrasmissione: 'FPR12',
      CodiceDestinatario: '0000000',
    });
    expect(h.CedentePrestatore.DatiAnagrafici.RegimeFiscale).toBe('RF01');
    expect(h.CedentePrestatore.Contatti).toEqual({ Telefono: '0212345678', Email: 'ordini@bottegaverdi.it' });
    expect(h.CessionarioCommittente.DatiAnagrafici).toEqual({ CodiceFiscale: 'RSSMRA85T10A562S', Anagrafica: { Nome: 'Mario', Cognome: 'Rossi' } });
    expect(h.CessionarioCommittente.Sede.Provincia).toBeUndefined();
    const b = body(xml);
    expect(b.DatiGenerali.DatiGeneraliDocumento).toEqual({
      TipoDocumento: 'TD01',
      Divisa: 'EUR',
      Data: '2026-03-02',
      Numero: '2026/0001',
      ImportoTotaleDocumento: '24.40',
    });
    expect(b.DatiGenerali.DatiOrdineAcquisto).toEqual({ IdDocumento: '1042', Data: '2026-02-27' });
    expect(b.DatiBeniServizi.DettaglioLinee).toEqual({
      NumeroLinea: '1',
      Descrizione: 'Tazza in ceramica',
      Quantita: '2.00',
      PrezzoUnitario: '10.00',
      PrezzoTotale: '20.00',
      AliquotaIVA: '22.00',
    });
    expect(b.DatiBeniServizi.DatiRiepilogo).toEqual({ AliquotaIVA: '22.00', ImponibileImporto: '20.00', Imposta: '4.40', EsigibilitaIVA: 'I' });
    expect(b.DatiPagamento).toEqual({
      CondizioniPagamento: 'TP02',
      DettaglioPagamento: { ModalitaPagamento: 'MP08', DataRiferimentoTerminiPagamento: '2026-02-27', ImportoPagamento: '24.40' },
    });
    expect(fatturaFileName(doc)).toBe('IT12345678903_0ABCD.xml');
  });

  it('writes a business invoice with two rates, a discount per rate and shipping', () => {
    const doc = createDocument(
      [
        { description: 'Quaderno a righe A4', quantity: 3, grossCents: 3897 },
        { description: 'Libro "Storia di Roma"', quantity: 1, grossCents: 1550, vatCode: '10' },
        { description: 'Sconto 10%', grossCents: -390 },
        { description: 'Sconto 10%', grossCents: -155, vatCode: '10' },
        { description: 'Spese di spedizione', grossCents: 690 },
      ],
      { buyer: businessBuyer(), paymentMode: 'MP05', iban: 'IT60 X054 2811 1010 0000 0123 456' },
    );
    const xml = buildValid(doc);
    expect(header(xml).DatiTrasmissione.CodiceDestinatario).toBe('ABC1234');
    expect(header(xml).DatiTrasmissione.PECDestinatario).toBeUndefined();
    expect(header(xml).CessionarioCommittente.DatiAnagrafici).toEqual({
      IdFiscaleIVA: { IdPaese: 'IT', IdCodice: '01234567897' },
      Anagrafica: { Denominazione: 'Alfa Forniture S.p.A.' },
    });
    const b = body(xml);
    const lines = many(b.DatiBeniServizi.DettaglioLinee);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({ Quantita: '3.00', PrezzoUnitario: '10.64666667', PrezzoTotale: '31.94' });
    expect(lines.slice(2, 4).map((l) => [l.PrezzoUnitario, l.PrezzoTotale, l.AliquotaIVA])).toEqual([
      ['-3.20', '-3.20', '22.00'],
      ['-1.41', '-1.41', '10.00'],
    ]);
    const rows = many(b.DatiBeniServizi.DatiRiepilogo);
    expect(rows.map((r) => [r.AliquotaIVA, r.ImponibileImporto, r.Imposta])).toEqual(
      doc.summary.map((r) => [`${r.vatCode}.00`, (r.taxableCents / 100).toFixed(2), (r.vatCents / 100).toFixed(2)]),
    );
    expect(rows.map((r) => r.Imposta)).toEqual(['7.57', '1.27']);
    expect(b.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento).toBe('55.92');
    expect(b.DatiPagamento.DettaglioPagamento).toMatchObject({ ModalitaPagamento: 'MP05', ImportoPagamento: '55.92', IBAN: 'IT60X0542811101000000123456' });
  });

  it('sends a business invoice to the PEC when the SDI code is 0000000', () => {
    const buyer = businessBuyer({ vatNumber: '07654321012', taxCode: '07654321012', sdiCode: '0000000', pec: 'amministrazione@pec.beta.it' });
    const xml = buildValid(createDocument([{ description: 'Lampada da tavolo', grossCents: 4900 }], { buyer }));
    const h = header(xml);
    expect(h.DatiTrasmissione.CodiceDestinatario).toBe('0000000');
    expect(h.DatiTrasmissione.PECDestinatario).toBe('amministrazione@pec.beta.it');
    expect(h.CessionarioCommittente.DatiAnagrafici.CodiceFiscale).toBe('07654321012');
  });

  it('writes a flat-rate seller’s invoice without VAT and with the virtual stamp duty', () => {
    const doc = createDocument(
      [
        { description: 'Borsa in pelle fatta a mano', grossCents: 8000, vatCode: 'N2.2' },
        { description: 'Spese di spedizione', grossCents: 500, vatCode: 'N2.2' },
      ],
      { seller: createSeller({ fiscalRegime: 'RF19', taxCode: 'VRDLGU80A01F205Z' }), stampDuty: true },
    );
    const xml = buildValid(doc);
    expect(header(xml).CedentePrestatore.DatiAnagrafici).toMatchObject({ CodiceFiscale: 'VRDLGU80A01F205Z', RegimeFiscale: 'RF19' });
    const b = body(xml);
    expect(b.DatiGenerali.DatiGeneraliDocumento.DatiBollo).toEqual({ BolloVirtuale: 'SI', ImportoBollo: '2.00' });
    expect(b.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento).toBe('85.00');
    expect(many(b.DatiBeniServizi.DettaglioLinee).map((l) => [l.AliquotaIVA, l.Natura])).toEqual([
      ['0.00', 'N2.2'],
      ['0.00', 'N2.2'],
    ]);
    // The XSD's alphabet is Latin-1: the typographic apostrophe of the reference becomes a plain one.
    expect(b.DatiBeniServizi.DatiRiepilogo).toEqual({
      AliquotaIVA: '0.00',
      Natura: 'N2.2',
      ImponibileImporto: '85.00',
      Imposta: '0.00',
      RiferimentoNormativo: VAT_NATURE_REFERENCES['N2.2'].replace('’', '&apos;'),
    });
  });

  it('writes a credit note that refers to its invoice, with positive amounts', () => {
    const doc = createDocument([{ description: 'Tazza in ceramica', quantity: 2, grossCents: 2440 }], {
      kind: 'credit_note',
      number: '2026/0007',
      date: '2026-03-10',
      transmissionId: '0ABCJ',
      refersTo: { number: '2026/0001', date: '2026-03-02' },
    });
    const b = body(buildValid(doc));
    expect(b.DatiGenerali.DatiGeneraliDocumento).toMatchObject({ TipoDocumento: 'TD04', Numero: '2026/0007', ImportoTotaleDocumento: '24.40' });
    expect(b.DatiGenerali.DatiFattureCollegate).toEqual({ IdDocumento: '2026/0001', Data: '2026-03-02' });
    expect(b.DatiBeniServizi.DatiRiepilogo.Imposta).toBe('4.40');
  });

  it('keeps hostile and accented text valid XML within the XSD alphabet and lengths', () => {
    const longDescription = 'Set regalo '.repeat(120);
    const doc = createDocument(
      [
        { description: 'Tazza "Bella" & <b>grande</b> </script> — edizione ’25 ☕ 10 €', grossCents: 1220 },
        { description: `Caffè d'orzo\tsolubile\n${longDescription}`, grossCents: 610, vatCode: '10' },
      ],
      {
        seller: createSeller({ companyName: `Caffè & Dolci "L'Aquila" <s.r.l.>` }),
        buyer: privateBuyer({ name: 'Zoë O’Brien-Müller </script>', address: { ...address, street: 'Via dell’Università 3 & 5' } }),
      },
    );
    const xml = buildValid(doc);
    expect(xml).not.toContain('</script>');
    expect(xml).toContain('Caffè &amp; Dolci &quot;L&apos;Aquila&quot; &lt;s.r.l.&gt;');
    const h = header(xml);
    expect(decoded(h.CessionarioCommittente.DatiAnagrafici.Anagrafica.Denominazione)).toBe("Zoë O'Brien-Müller </script>");
    expect(decoded(h.CessionarioCommittente.Sede.Indirizzo)).toBe("Via dell'Università 3 & 5");
    const [first, second] = many(body(xml).DatiBeniServizi.DettaglioLinee).map((l) => decoded(l.Descrizione));
    expect(first).toBe('Tazza "Bella" & <b>grande</b> </script> - edizione \'25 10 EUR');
    expect(second).toHaveLength(1000);
    expect(second?.startsWith("Caffè d'orzo solubile Set regalo")).toBe(true);
  });

  it('writes the elements in the order of the XSD sequences', () => {
    const doc = createDocument([{ description: 'Vaso', grossCents: 9000, vatCode: 'N2.2' }], {
      kind: 'credit_note',
      refersTo: { number: '2026/0001', date: '2026-03-01' },
      stampDuty: true,
      buyer: businessBuyer({ sdiCode: '0000000', pec: 'alfa@pec.it', taxCode: '01234567897' }),
      paymentMode: 'MP05',
      iban: 'IT60X0542811101000000123456',
    });
    const xml = buildValid(doc);
    // prettier-ignore
    const sequence = [
      'DatiTrasmissione', 'IdTrasmittente', 'ProgressivoInvio', 'FormatoTrasmissione', 'CodiceDestinatario', 'PECDestinatario',
      'CedentePrestatore', 'IdFiscaleIVA', 'Anagrafica', 'RegimeFiscale', 'Sede', 'Contatti',
      'CessionarioCommittente', 'IdFiscaleIVA', 'CodiceFiscale', 'Anagrafica',
      'TipoDocumento', 'Divisa', 'Data', 'Numero', 'DatiBollo', 'ImportoTotaleDocumento', 'DatiOrdineAcquisto', 'DatiFattureCollegate',
      'NumeroLinea', 'Descrizione', 'Quantita', 'PrezzoUnitario', 'PrezzoTotale', 'AliquotaIVA', 'Natura',
      'DatiRiepilogo', 'AliquotaIVA', 'Natura', 'ImponibileImporto', 'Imposta', 'RiferimentoNormativo',
      'CondizioniPagamento', 'ModalitaPagamento', 'DataRiferimentoTerminiPagamento', 'ImportoPagamento', 'IBAN',
    ];
    let from = 0;
    for (const tag of sequence) {
      const at = xml.indexOf(`<${tag}>`, from);
      expect(at, tag).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
  });

  it('refuses to write a document whose summary does not match its lines', () => {
    const doc = createDocument([{ description: 'Vaso', grossCents: 1220 }]);
    expect(() => buildFatturaXml({ ...doc, summary: [{ vatCode: '10', taxableCents: 1000, vatCents: 100 }] })).toThrow(/SdI 00443/);
  });
});

describe('unitPrice', () => {
  it('keeps up to 8 decimals so that price × quantity gives the line total', () => {
    expect(unitPrice(2000, 2)).toBe('10.00');
    expect(unitPrice(3194, 3)).toBe('10.64666667');
    expect(unitPrice(100, 8)).toBe('0.125');
    expect(unitPrice(1, 3)).toBe('0.00333333');
    expect(unitPrice(-390, 1)).toBe('-3.90');
    for (let cents = -500; cents < 20_000; cents += 37) {
      for (const quantity of [1, 3, 7, 12, 999]) expect(Math.abs(Number(unitPrice(cents, quantity)) * quantity - cents / 100)).toBeLessThan(0.01);
    }
  });
});

describe('a private buyer’s name', () => {
  it('is split into Nome and Cognome only where the codice fiscale confirms it', () => {
    expect(personName('Maria De Luca', 'DLCMRA80A41H501X')).toEqual({ Nome: 'Maria', Cognome: 'De Luca' });
    expect(personName('Rossi Mario', 'RSSMRA85T10A562S')).toEqual({ Nome: 'Mario', Cognome: 'Rossi' });
    expect(personName('Anna Maria Rossi', 'RSSNMR90A41F205X')).toEqual({ Nome: 'Anna Maria', Cognome: 'Rossi' });
    expect(personName('Zoë Müller', 'MLLZOE90A41Z112X')).toEqual({ Nome: 'Zoë', Cognome: 'Müller' });
    expect(personName('Mario Bianchi', 'RSSMRA85T10A562S')).toEqual({ Denominazione: 'Mario Bianchi' });
    expect(personName('Cher', 'CHRXXX70A41Z404X')).toEqual({ Denominazione: 'Cher' });
  });
});

describe('seller contacts', () => {
  it('keep only what the XSD accepts, so a bad optional contact cannot block an invoice', () => {
    expect(phoneOf('+39 02 1234 5678')).toBe('0212345678');
    expect(phoneOf('333 1234567')).toBe('3331234567');
    expect(phoneOf('12')).toBeUndefined();
    const xml = buildValid(createDocument([{ description: 'Vaso', grossCents: 1220 }], { seller: createSeller({ email: 'ordini@', phone: '' }) }));
    expect(header(xml).CedentePrestatore.Contatti).toBeUndefined();
  });
});

describe('validateFatturaXml', () => {
  const valid = buildFatturaXml(
    createDocument([
      { description: 'Tazza', grossCents: 1220 },
      { description: 'Esente', grossCents: 500, vatCode: 'N4' },
    ]),
  );

  it.each([
    ['a required element is missing', (x: string) => x.replace(/<Numero>.*?<\/Numero>/, ''), /schema: .*Numero is a required field/],
    ['an amount has letters', (x: string) => x.replace('<ImportoTotaleDocumento>17.20<', '<ImportoTotaleDocumento>17,2O<'), /ImportoTotaleDocumento/],
    ['text is not escaped', (x: string) => x.replace('<Descrizione>Tazza<', '<Descrizione>Tazza & piattino<'), /^XML: /],
    ['the root is another element', (x: string) => x.replace(/FatturaElettronica /, 'Fattura ').replace(/FatturaElettronica>$/, 'Fattura>'), /radice/],
    ['a Natura code was retired in 2021', (x: string) => x.replaceAll('<Natura>N4<', '<Natura>N2<'), /Natura must not be one of/],
    ['a character is outside Latin-1', (x: string) => x.replace('<Descrizione>Tazza<', '<Descrizione>Tazza ’<'), /XSD: .*Descrizione .*U\+2019/],
    ['the line total does not match', (x: string) => x.replace('<PrezzoTotale>10.00<', '<PrezzoTotale>10.50<'), /SdI 00423/],
    [
      'a PEC goes with an SDI code',
      (x: string) =>
        x.replace(
          '<CodiceDestinatario>0000000</CodiceDestinatario>',
          '<CodiceDestinatario>ABC1234</CodiceDestinatario><PECDestinatario>a@pec.it</PECDestinatario>',
        ),
      /SdI 00426/,
    ],
    [
      'a taxed line has a Natura',
      (x: string) => x.replace('<AliquotaIVA>22.00</AliquotaIVA>', '<AliquotaIVA>22.00</AliquotaIVA><Natura>N4</Natura>'),
      /SdI 00400/,
    ],
  ])('reports a broken file: %s', (_, breakIt, expected) => {
    const broken = breakIt(valid);
    expect(broken).not.toBe(valid);
    const result = validateFatturaXml(broken);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(expected);
  });
});

describe('the XML Schema (libxml2)', () => {
  it('accepts every file built above', async () => {
    expect(built.length).toBeGreaterThanOrEqual(7);
    for (const xml of built) expect(await validateAgainstXsd(xml)).toEqual({ valid: true, errors: [] });
  });

  it('refuses a file with an element out of place or a value out of its type', async () => {
    const [xml = ''] = built;
    const moved = xml.replace(/(<Divisa>EUR<\/Divisa>)(<Data>[^<]*<\/Data>)/, '$2$1');
    expect(moved).not.toBe(xml);
    expect((await validateAgainstXsd(moved)).errors.join('\n')).toMatch(/Data.*not expected|Divisa.*not expected/);
    const badType = xml.replace(/<TipoDocumento>TD0\d<\/TipoDocumento>/, '<TipoDocumento>TD99</TipoDocumento>');
    expect(badType).not.toBe(xml);
    expect((await validateAgainstXsd(badType)).valid).toBe(false);
  });
});
