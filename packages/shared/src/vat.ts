import { z } from 'zod';

/**
 * VAT (IVA) on VAT-inclusive prices: the one home of how an order's amounts split into taxable
 * amount and tax (docs/decisions/0030-invoices.md). Prices stay as the shopper sees them ('IVA
 * inclusa'); the split is stored with every order and printed on its invoice.
 *
 * Rounding, as an accountant checks it: each line separately, taxable = gross × 100 / (100 +
 * rate) rounded half up to the cent (half away from zero for the negative discount lines), VAT =
 * gross − taxable; every total is the sum of its lines, so taxable + VAT is always the gross to
 * the cent.
 */

/** The Italian rates a product may carry. */
export const VAT_RATES = ['22', '10', '5', '4'] as const;
/**
 * Operations without VAT, by their FatturaPA 'Natura' code: the ones a shop meets (the small
 * businesses' flat-rate regime, exempt goods, exports and EU sales, the margin scheme).
 */
export const VAT_NATURES = ['N1', 'N2.1', 'N2.2', 'N3.1', 'N3.2', 'N4', 'N5'] as const;
export const VAT_CODES = [...VAT_RATES, ...VAT_NATURES] as const;
export type VatCode = (typeof VAT_CODES)[number];
export const DEFAULT_VAT_CODE: VatCode = '22';

export const vatMsg = {
  code: 'Aliquota IVA non valida: scegli 22%, 10%, 5%, 4% o una natura di esenzione',
} as const;
export const vatCodeSchema = z.enum(VAT_CODES, { error: vatMsg.code });

/** What the merchant reads in a select and on an invoice. */
export const VAT_CODE_LABELS: Record<VatCode, string> = {
  '22': 'IVA 22% (ordinaria)',
  '10': 'IVA 10% (ridotta)',
  '5': 'IVA 5% (ridotta)',
  '4': 'IVA 4% (minima)',
  N1: 'Esclusa ex art. 15 DPR 633/72 (N1)',
  'N2.1': 'Non soggetta, artt. 7-7 septies DPR 633/72 (N2.1)',
  'N2.2': 'Non soggetta, altri casi, es. regime forfettario (N2.2)',
  'N3.1': 'Non imponibile, esportazione (N3.1)',
  'N3.2': 'Non imponibile, cessione intracomunitaria (N3.2)',
  N4: 'Esente, art. 10 DPR 633/72 (N4)',
  N5: 'Regime del margine (N5)',
};

/** The rule an exempt line cites on the invoice ('RiferimentoNormativo'). */
export const VAT_NATURE_REFERENCES: Record<(typeof VAT_NATURES)[number], string> = {
  N1: 'Escluse ex art. 15 DPR 633/72',
  'N2.1': 'Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies DPR 633/72',
  'N2.2': 'Operazione effettuata ai sensi dell’art. 1, commi 54-89, L. 190/2014 (regime forfettario)',
  'N3.1': 'Non imponibile ai sensi dell’art. 8 DPR 633/72',
  'N3.2': 'Non imponibile ai sensi dell’art. 41 DL 331/93',
  N4: 'Esente ai sensi dell’art. 10 DPR 633/72',
  N5: 'Regime del margine, art. 36 DL 41/95',
};

export const isVatNature = (code: VatCode): code is (typeof VAT_NATURES)[number] => code.startsWith('N');
/** The rate in percent; 0 for an operation without VAT. */
export const vatRatePercent = (code: VatCode): number => (isVatNature(code) ? 0 : Number(code));
/** '22%' or the nature code ('N2.2'): short, for tables. */
export const vatShortLabel = (code: VatCode): string => (isVatNature(code) ? code : `${code}%`);

/** Integer division rounded half away from zero (half up for positive amounts). */
function divideHalfUp(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
}

export interface VatSplit {
  taxableCents: number;
  vatCents: number;
}

/** One VAT-inclusive amount at one code: the taxable part rounded half up, the VAT is the rest. */
export function splitVat(grossCents: number, code: VatCode): VatSplit {
  const rate = vatRatePercent(code);
  if (rate === 0) return { taxableCents: grossCents, vatCents: 0 };
  const taxableCents = divideHalfUp(grossCents * 100, 100 + rate);
  return { taxableCents, vatCents: grossCents - taxableCents };
}

export interface VatLine extends VatSplit {
  vatCode: VatCode;
  grossCents: number;
}
export interface VatSummaryRow extends VatSplit {
  vatCode: VatCode;
}

/** An order's VAT: per goods line, the discount per code, shipping, surcharge, and a summary per code. */
export interface OrderVat {
  items: VatLine[];
  /** The discount code's amount as negative lines, one per code of the discounted goods. */
  discounts: VatLine[];
  shipping: VatLine | null;
  surcharge: VatLine | null;
  /** One row per code, rates first (22, 10, 5, 4), then natures. */
  summary: VatSummaryRow[];
  taxableCents: number;
  vatCents: number;
}

export interface OrderVatInput {
  /** Each goods line: what it costs in total (unit price × quantity) and its code. */
  items: readonly { grossCents: number; vatCode: VatCode }[];
  discountCents: number;
  shippingCents: number;
  surchargeCents: number;
  /** The store's main rate: shipping and the payment surcharge are charged at it. */
  defaultCode: VatCode;
}

/**
 * Splits a discount across codes in proportion to the goods of each code (largest remainder, so
 * the parts add up to the discount to the cent; ties go to the code listed first).
 */
function allocate(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || totalCents === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (totalCents * w) / sum);
  const parts = exact.map(Math.floor);
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

const codeOrder = (code: VatCode) => VAT_CODES.indexOf(code);

export function orderVat(input: OrderVatInput): OrderVat {
  const line = (grossCents: number, vatCode: VatCode): VatLine => ({ vatCode, grossCents, ...splitVat(grossCents, vatCode) });
  const items = input.items.map((i) => line(i.grossCents, i.vatCode));

  const goodsByCode = new Map<VatCode, number>();
  for (const i of input.items) goodsByCode.set(i.vatCode, (goodsByCode.get(i.vatCode) ?? 0) + i.grossCents);
  const codes = [...goodsByCode.keys()].sort((a, b) => codeOrder(a) - codeOrder(b));
  const shares = allocate(
    input.discountCents,
    codes.map((c) => goodsByCode.get(c) ?? 0),
  );
  const discounts = codes.flatMap((c, k) => {
    const share = shares[k] ?? 0;
    return share > 0 ? [line(-share, c)] : [];
  });

  const shipping = input.shippingCents > 0 ? line(input.shippingCents, input.defaultCode) : null;
  const surcharge = input.surchargeCents > 0 ? line(input.surchargeCents, input.defaultCode) : null;

  const all = [...items, ...discounts, ...(shipping ? [shipping] : []), ...(surcharge ? [surcharge] : [])];
  const byCode = new Map<VatCode, VatSummaryRow>();
  for (const l of all) {
    const row = byCode.get(l.vatCode) ?? { vatCode: l.vatCode, taxableCents: 0, vatCents: 0 };
    row.taxableCents += l.taxableCents;
    row.vatCents += l.vatCents;
    byCode.set(l.vatCode, row);
  }
  const summary = [...byCode.values()].sort((a, b) => codeOrder(a.vatCode) - codeOrder(b.vatCode));
  return {
    items,
    discounts,
    shipping,
    surcharge,
    summary,
    taxableCents: summary.reduce((s, r) => s + r.taxableCents, 0),
    vatCents: summary.reduce((s, r) => s + r.vatCents, 0),
  };
}
