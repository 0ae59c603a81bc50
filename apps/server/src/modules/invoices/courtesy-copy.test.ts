import { VAT_NATURE_REFERENCES, formatEuro } from '@vetrina/shared';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@vetrina/shared/escape';
import { courtesyCopyHtml } from './courtesy-copy.js';
import { businessBuyer, createDocument, createSeller, privateBuyer } from './document-factory.js';

// What a reader sees: tags dropped, entities read back, non-breaking spaces as spaces.
const visibleText = (page: string) =>
  page
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? e)
    .replace(/\s+/g, ' ');

const invoice = () =>
  createDocument(
    [
      { description: 'Lampada in ottone', quantity: 2, grossCents: 122_000 },
      { description: 'Libro di ricette', grossCents: 2_200, vatCode: '10' },
      { description: 'Spese di spedizione', grossCents: 690 },
    ],
    { buyer: businessBuyer(), paymentMode: 'MP05', iban: 'IT60X0542811101000000123456' },
  );

describe('courtesyCopyHtml', () => {
  it('is a standalone Italian page with no scripts or external resources', () => {
    const page = courtesyCopyHtml(invoice(), { storeName: 'Bottega Verdi' });
    expect(page.startsWith('<!doctype html>\n<html lang="it">')).toBe(true);
    expect(page).toContain('@media print');
    expect(page).toContain('"Segoe UI"');
    expect(page).not.toMatch(/<script|<link|src=|url\(|https?:/i);
    expect(page).toContain('<title>Fattura n. 2026/0001 – Bottega Verdi</title>');
  });

  it('shows the invoice’s number, parties, lines, VAT summary and totals in Italian format', () => {
    const doc = invoice();
    const text = visibleText(courtesyCopyHtml(doc));
    expect(text).toContain('Fattura n. 2026/0001');
    expect(text).toContain('Copia di cortesia: il documento valido ai fini fiscali è quello trasmesso al Sistema di Interscambio');
    expect(text).toContain('Data: 02/03/2026');
    expect(text).toContain('Ordine n. 1042 del 27/02/2026');
    expect(text).toContain('Bottega Verdi S.r.l. P.IVA IT12345678903 Codice fiscale 12345678903 Via Roma 1 20121 Milano (MI) Regime fiscale: Ordinario (RF01)');
    expect(text).toContain('Alfa Forniture S.p.A. P.IVA IT01234567897 Codice destinatario ABC1234 Viale Europa 5 00144 Roma (RM)');
    expect(text).toContain('Descrizione Quantità Prezzo unitario imponibile Aliquota Imponibile');
    // 1.220,00 € paid for two lamps at 22%: 1.000,00 € taxable, 500,00 € each.
    expect(text).toContain('Lampada in ottone 2 500,00 € 22% 1.000,00 €');
    expect(text).toContain('IVA 22% (ordinaria) 1.005,66 € 221,24 €');
    expect(text).toContain('IVA 10% (ridotta) 20,00 € 2,00 €');
    expect(text).toContain('Imponibile 1.025,66 € IVA 223,24 € Totale documento 1.248,90 €');
    expect(formatEuro(doc.totalCents)).toBe('1.248,90\u00a0€');
    expect(text).toContain('Pagamento: Bonifico bancario (IBAN IT60X0542811101000000123456), pagato il 27/02/2026');
    expect(text).not.toContain('Imposta di bollo');
  });

  it('shows a credit note with the invoice it reverses', () => {
    const doc = createDocument([{ description: 'Tazza', grossCents: 1220 }], {
      kind: 'credit_note',
      number: '2026/0007',
      refersTo: { number: '2026/0001', date: '2026-03-02' },
    });
    const text = visibleText(courtesyCopyHtml(doc));
    expect(text).toContain('Nota di credito n. 2026/0007');
    expect(text).toContain('Storno della fattura n. 2026/0001 del 02/03/2026');
    expect(text).toContain('Codice fiscale RSSMRA85T10A562S');
    expect(text).toContain('Pagamento: Carta di pagamento');
  });

  it('shows exempt rows with their legal reference and the virtual stamp duty', () => {
    const doc = createDocument([{ description: 'Borsa in pelle', grossCents: 9000, vatCode: 'N2.2' }], {
      seller: createSeller({ fiscalRegime: 'RF19' }),
      buyer: businessBuyer({ sdiCode: '0000000', pec: 'alfa@pec.it' }),
      stampDuty: true,
    });
    const text = visibleText(courtesyCopyHtml(doc));
    expect(text).toContain(`Non soggetta, altri casi, es. regime forfettario (N2.2) ${VAT_NATURE_REFERENCES['N2.2']} 90,00 € 0,00 €`);
    expect(text).toContain('Regime fiscale: Forfettario (RF19)');
    expect(text).toContain('PEC alfa@pec.it');
    expect(text).toContain('Imposta di bollo assolta in modo virtuale (2,00 €)');
  });

  it('escapes every value taken from the document', () => {
    const hostile = `</script><script>alert("x")</script> & 'Caffè'`;
    const doc = createDocument([{ description: hostile, grossCents: 1220 }], {
      seller: createSeller({ companyName: `Dolci & "Co" <b>` }),
      buyer: privateBuyer({
        name: hostile,
        address: { street: '<img src=x onerror=alert(1)>', postalCode: '20121', city: 'Milano', province: 'MI', country: 'IT' },
      }),
      number: '2026/<0001>',
    });
    const page = courtesyCopyHtml(doc, { storeName: '</title><script>' });
    expect(page).not.toContain('</script>');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>');
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Caffè&#39;');
    expect(page).toContain('Dolci &amp; &quot;Co&quot; &lt;b&gt;');
    expect(visibleText(page)).toContain('Fattura n. 2026/<0001>');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
