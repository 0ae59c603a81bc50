import { FISCAL_REGIME_LABELS, VAT_CODE_LABELS, VAT_NATURE_REFERENCES, formatEuro, isVatNature, vatShortLabel } from '@vetrina/shared';
import { escapeHtml } from '@vetrina/shared/escape';
import type { InvoiceAddress, InvoiceBuyer, InvoiceDocument, InvoiceSeller } from './document.js';

/** Markup already built by `html`: inserted as it is, while plain values are escaped. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString() {
    return this.markup;
  }
}

type HtmlValue = string | number | SafeHtml | readonly SafeHtml[] | null | undefined | false;

/** A template whose interpolated values are escaped unless they are markup made here: escaping by default. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  const piece = (v: HtmlValue): string => {
    if (v === null || v === undefined || v === false) return '';
    if (v instanceof SafeHtml) return v.markup;
    if (Array.isArray(v)) return v.map((p: SafeHtml) => p.markup).join('');
    return escapeHtml(String(v));
  };
  return new SafeHtml(strings.reduce((out, s, i) => out + piece(values[i - 1]) + s));
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const italianDate = (day: string) => day.split('-').reverse().join('/');

const PAYMENT_LABELS: Record<InvoiceDocument['paymentMode'], string> = {
  MP01: 'Contanti',
  MP05: 'Bonifico bancario',
  MP08: 'Carta di pagamento',
};

function addressLines(a: InvoiceAddress): SafeHtml {
  const place = [a.postalCode, a.city].filter(Boolean).join(' ') + (a.province ? ` (${a.province})` : '');
  return html`<p>${a.street}<br />${place}${a.country !== 'IT' ? html`<br />${a.country}` : ''}</p>`;
}

export function sellerBlock(s: InvoiceSeller): SafeHtml {
  return html`<section class="party">
    <h2>Cedente / prestatore</h2>
    <p class="name">${s.companyName}</p>
    <p>P.IVA IT${s.vatNumber}<br />Codice fiscale ${s.taxCode || s.vatNumber}</p>
    ${addressLines(s.address)}
    <p>Regime fiscale: ${FISCAL_REGIME_LABELS[s.fiscalRegime]} (${s.fiscalRegime})</p>
  </section>`;
}

export function buyerBlock(b: InvoiceBuyer): SafeHtml {
  const ids =
    b.kind === 'private'
      ? html`Codice fiscale ${b.taxCode}`
      : html`P.IVA IT${b.vatNumber}${b.taxCode ? html`<br />Codice fiscale ${b.taxCode}` : ''}<br />${
            b.sdiCode === '0000000' && b.pec ? html`PEC ${b.pec}` : html`Codice destinatario ${b.sdiCode}`
          }`;
  return html`<section class="party">
    <h2>Cessionario / committente</h2>
    <p class="name">${b.kind === 'private' ? b.name : b.companyName}</p>
    <p>${ids}</p>
    ${addressLines(b.address)}
  </section>`;
}

export function linesTable(doc: InvoiceDocument): SafeHtml {
  const rows = doc.lines.map(
    (l) =>
      html`<tr>
        <td>${l.description}</td>
        <td class="num">${l.quantity}</td>
        <td class="num">${formatEuro(l.taxableCents / l.quantity)}</td>
        <td class="num">${vatShortLabel(l.vatCode)}</td>
        <td class="num">${formatEuro(l.taxableCents)}</td>
      </tr>`,
  );
  return html`<table class="lines">
    <thead>
      <tr>
        <th>Descrizione</th>
        <th class="num">Quantità</th>
        <th class="num">Prezzo unitario imponibile</th>
        <th class="num">Aliquota</th>
        <th class="num">Imponibile</th>
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
}

export function vatSummaryTable(doc: InvoiceDocument): SafeHtml {
  const rows = doc.summary.map(
    (r) =>
      html`<tr>
        <td>${VAT_CODE_LABELS[r.vatCode]}${isVatNature(r.vatCode) ? html`<span class="ref">${VAT_NATURE_REFERENCES[r.vatCode]}</span>` : ''}</td>
        <td class="num">${formatEuro(r.taxableCents)}</td>
        <td class="num">${formatEuro(r.vatCents)}</td>
      </tr>`,
  );
  return html`<table class="summary">
    <caption>
      Riepilogo IVA
    </caption>
    <thead>
      <tr>
        <th>Aliquota / Natura</th>
        <th class="num">Imponibile</th>
        <th class="num">Imposta</th>
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
}

export function totalsAndPayment(doc: InvoiceDocument): SafeHtml {
  const paid = doc.paidOn ? html`, pagato il ${italianDate(doc.paidOn)}` : '';
  return html`<dl class="totals">
      <dt>Imponibile</dt>
      <dd>${formatEuro(doc.taxableCents)}</dd>
      <dt>IVA</dt>
      <dd>${formatEuro(doc.vatCents)}</dd>
      <dt class="grand">Totale documento</dt>
      <dd class="grand">${formatEuro(doc.totalCents)}</dd>
    </dl>
    <p>Pagamento: ${PAYMENT_LABELS[doc.paymentMode]}${doc.iban ? html` (IBAN ${doc.iban})` : ''}${paid}</p>
    ${doc.stampDuty ? html`<p>Imposta di bollo assolta in modo virtuale (${formatEuro(200)})</p>` : ''}`;
}

// Markup, not a value: CSS inside <style> is raw text, where entities would not be read back.
export const COURTESY_COPY_STYLE = new SafeHtml(`
*{box-sizing:border-box}
body{margin:0;background:#f3f4f6;color:#111827;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
.sheet{max-width:210mm;margin:24px auto;padding:18mm 16mm;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.12)}
header{display:flex;justify-content:space-between;gap:16px;align-items:flex-start;border-bottom:2px solid #111827;padding-bottom:8px}
h1{font-size:22px;margin:0}
h2{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:#4b5563;margin:0 0 4px}
p{margin:0 0 6px}
.store{font-weight:600;margin-bottom:4px}
.notice{margin:12px 0;padding:8px 10px;border:1px solid #d1d5db;background:#f9fafb;font-size:12px}
.parties{display:grid;grid-template-columns:1fr 1fr;gap:24px;margin:16px 0}
.name{font-weight:600}
table{width:100%;border-collapse:collapse;margin:16px 0}
caption{text-align:left;font-weight:600;padding-bottom:4px}
th,td{padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
th{font-size:12px;color:#4b5563;border-bottom:1px solid #9ca3af}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.ref{display:block;font-size:11px;color:#4b5563}
.totals{display:grid;grid-template-columns:auto auto;justify-content:end;gap:4px 24px;margin:8px 0 16px}
.totals dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.grand{font-weight:700;font-size:16px}
@page{size:A4;margin:14mm}
@media print{body{background:#fff}.sheet{margin:0;padding:0;box-shadow:none;max-width:none}tr,.totals{break-inside:avoid}}
`);
