import { fatturapaLib } from './fatturapa-lib.js';
import { VAT_NATURE_REFERENCES, isVatNature, vatRatePercent, type VatCode } from '@vetrina/shared';
import type { InvoiceAddress, InvoiceBuyer, InvoiceDocument, InvoiceSeller } from './document.js';
import { escapeXml } from '@vetrina/shared/escape';
import { compactCode, emailOf, fatturaText, personName, phoneOf } from './fatturapa-text.js';
import { FATTURAPA_NAMESPACE, validateFatturaXml } from './fatturapa-validation.js';

export { FATTURAPA_SCHEMA_VERSION, validateFatturaXml } from './fatturapa-validation.js';
export { loadFatturapa } from './fatturapa-lib.js';

/**
 * The FatturaPA XML of an issued document (FPR12: invoices between private parties, B2B and B2C),
 * made with @digitalia/fatturapa from the JS object of the format. The library neither escapes text
 * nor keeps it within the XSD's Latin-1 alphabet, so every text goes through `fatturaText` first;
 * keys are written in the XSD's sequence order because the library keeps insertion order.
 */
export function buildFatturaXml(doc: InvoiceDocument): string {
  const invoice = {
    'p:FatturaElettronica': {
      '@': {
        versione: 'FPR12',
        'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
        'xmlns:p': FATTURAPA_NAMESPACE,
      },
      FatturaElettronicaHeader: {
        DatiTrasmissione: transmissionOf(doc),
        CedentePrestatore: sellerBlock(doc.seller),
        CessionarioCommittente: buyerBlock(doc.buyer),
      },
      FatturaElettronicaBody: bodyOf(doc),
    },
  };
  // The library's own check here is only well-formedness; the full one below is what the SdI cares about.
  const xml = fatturapaLib().fpa2xml(invoice, { validate: true });
  const { valid, errors } = validateFatturaXml(xml);
  if (!valid) throw new Error(`FatturaPA ${doc.number} non valida: ${errors.join('; ')}`);
  return xml;
}

/** The SdI's file name: the transmitter's country and id, then the progressive. */
export const fatturaFileName = (doc: InvoiceDocument): string => `IT${compactCode(doc.seller.vatNumber)}_${doc.transmissionId}.xml`;

const PRIVATE_RECIPIENT = '0000000';

function transmissionOf(doc: InvoiceDocument) {
  const { buyer } = doc;
  const code = buyer.kind === 'business' ? compactCode(buyer.sdiCode) || PRIVATE_RECIPIENT : PRIVATE_RECIPIENT;
  return {
    IdTrasmittente: { IdPaese: 'IT', IdCodice: compactCode(doc.seller.vatNumber) },
    ProgressivoInvio: escapeXml(doc.transmissionId),
    FormatoTrasmissione: 'FPR12',
    CodiceDestinatario: code,
    PECDestinatario: buyer.kind === 'business' && code === PRIVATE_RECIPIENT && buyer.pec ? escapeXml(buyer.pec.trim()) : undefined,
  };
}

function sellerBlock(seller: InvoiceSeller) {
  const phone = phoneOf(seller.phone);
  const email = emailOf(seller.email);
  return {
    DatiAnagrafici: {
      IdFiscaleIVA: { IdPaese: 'IT', IdCodice: compactCode(seller.vatNumber) },
      CodiceFiscale: compactCode(seller.taxCode) || undefined,
      Anagrafica: { Denominazione: fatturaText(seller.companyName, 80) },
      RegimeFiscale: seller.fiscalRegime,
    },
    Sede: addressOf(seller.address),
    Contatti: phone || email ? { Telefono: phone, Email: email } : undefined,
  };
}

function buyerBlock(buyer: InvoiceBuyer) {
  const DatiAnagrafici =
    buyer.kind === 'private'
      ? { CodiceFiscale: compactCode(buyer.taxCode), Anagrafica: personName(buyer.name, compactCode(buyer.taxCode)) }
      : {
          IdFiscaleIVA: { IdPaese: 'IT', IdCodice: compactCode(buyer.vatNumber) },
          CodiceFiscale: compactCode(buyer.taxCode) || undefined,
          Anagrafica: { Denominazione: fatturaText(buyer.companyName, 80) },
        };
  return { DatiAnagrafici, Sede: addressOf(buyer.address) };
}

function addressOf(a: InvoiceAddress) {
  const italian = a.country.toUpperCase() === 'IT';
  return {
    Indirizzo: fatturaText(a.street, 60),
    // Abroad the format wants '00000' and no province.
    CAP: italian && /^\d{5}$/.test(a.postalCode.trim()) ? a.postalCode.trim() : '00000',
    Comune: fatturaText(a.city, 60),
    Provincia: italian && /^[A-Za-z]{2}$/.test(a.province.trim()) ? a.province.trim().toUpperCase() : undefined,
    Nazione: a.country.toUpperCase(),
  };
}

function bodyOf(doc: InvoiceDocument) {
  const rate = (code: VatCode) => vatRatePercent(code).toFixed(2);
  const nature = (code: VatCode) => (isVatNature(code) ? code : undefined);
  return {
    DatiGenerali: {
      DatiGeneraliDocumento: {
        TipoDocumento: doc.kind === 'credit_note' ? 'TD04' : 'TD01',
        Divisa: 'EUR',
        Data: doc.date,
        Numero: escapeXml(doc.number),
        DatiBollo: doc.stampDuty ? { BolloVirtuale: 'SI', ImportoBollo: '2.00' } : undefined,
        ImportoTotaleDocumento: amount(doc.totalCents),
      },
      DatiOrdineAcquisto: { IdDocumento: String(doc.orderNumber), Data: doc.orderDate },
      DatiFattureCollegate: doc.refersTo ? { IdDocumento: escapeXml(doc.refersTo.number), Data: doc.refersTo.date } : undefined,
    },
    DatiBeniServizi: {
      DettaglioLinee: doc.lines.map((l) => ({
        NumeroLinea: String(l.number),
        Descrizione: fatturaText(l.description, 1000),
        Quantita: l.quantity.toFixed(2),
        PrezzoUnitario: unitPrice(l.taxableCents, l.quantity),
        PrezzoTotale: amount(l.taxableCents),
        AliquotaIVA: rate(l.vatCode),
        Natura: nature(l.vatCode),
      })),
      DatiRiepilogo: doc.summary.map((r) => ({
        AliquotaIVA: rate(r.vatCode),
        Natura: nature(r.vatCode),
        ImponibileImporto: amount(r.taxableCents),
        Imposta: amount(r.vatCents),
        EsigibilitaIVA: isVatNature(r.vatCode) ? undefined : 'I',
        RiferimentoNormativo: isVatNature(r.vatCode) ? fatturaText(VAT_NATURE_REFERENCES[r.vatCode], 100) : undefined,
      })),
    },
    DatiPagamento: {
      CondizioniPagamento: 'TP02',
      DettaglioPagamento: {
        ModalitaPagamento: doc.paymentMode,
        DataRiferimentoTerminiPagamento: doc.paidOn ?? undefined,
        ImportoPagamento: amount(doc.totalCents),
        IBAN: doc.iban ? compactCode(doc.iban) : undefined,
      },
    },
  };
}

/** Integer cents as the format's decimal: '-12.30'. */
export function amount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The taxable unit price, rounded to the format's 8 decimals (at most 2 trailing zeros kept), so
 * that price × quantity gives back the line's total within the SdI's 0.01 tolerance (check 00423).
 */
export function unitPrice(taxableCents: number, quantity: number): string {
  const q = BigInt(quantity);
  const scaled = BigInt(taxableCents) * 1_000_000n; // hundred-millionths of a euro: the format's finest unit
  const sign = scaled < 0n ? -1n : 1n;
  const abs = scaled * sign;
  const rounded = (2n * abs + q) / (2n * q);
  const digits = rounded.toString().padStart(9, '0');
  const decimals = digits.slice(-8).replace(/0{1,6}$/, '');
  return `${sign < 0n && rounded > 0n ? '-' : ''}${digits.slice(0, -8)}.${decimals}`;
}
