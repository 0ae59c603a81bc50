import { fatturapaLib } from './fatturapa-lib.js';

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

/**
 * The schema version `validateFatturaXml` checks against, as @digitalia/fatturapa 1.3.1 names it:
 * it ships `Schema_1.2.1.xsd` (namespace v1.2; no code of it runs the XSD) and a yup schema it says
 * follows the specification V1.3.1. Those enumerations predate 1.2.1's (Natura N1-N7, TipoDocumento
 * TD01-TD06), hence the corrections below.
 */
export const FATTURAPA_SCHEMA_VERSION = 'FatturaPA 1.2.1';

/** The Natura codes in force since 2021; the library still lists the retired N2, N3 and N6. */
// prettier-ignore
const NATURE_CODES = ['N1', 'N2.1', 'N2.2', 'N3.1', 'N3.2', 'N3.3', 'N3.4', 'N3.5', 'N3.6', 'N4', 'N5', 'N6.1', 'N6.2', 'N6.3', 'N6.4', 'N6.5', 'N6.6', 'N6.7', 'N6.8', 'N6.9', 'N7'];
const RETIRED_NATURE_CODES = ['N2', 'N3', 'N6'];

// The few yup methods used to derive a corrected schema from the library's own.
interface YupNode {
  fields?: Record<string, YupNode>;
  innerType?: YupNode;
  shape(fields: Record<string, YupNode>): YupNode;
  of(inner: YupNode): YupNode;
  oneOf(values: string[]): YupNode;
  notOneOf(values: string[]): YupNode;
  validateSync(value: unknown, options: { abortEarly: boolean }): unknown;
}

function replaceField(node: YupNode, path: readonly string[], change: (field: YupNode) => YupNode): YupNode {
  const [key, ...rest] = path;
  if (key === undefined) return change(node);
  if (node.innerType) return node.of(replaceField(node.innerType, path, change));
  const field = node.fields?.[key];
  // A new library version with another shape must not silently lose the corrections.
  if (!field) throw new Error(`@digitalia/fatturapa: campo ${key} non trovato nello schema`);
  return node.shape({ [key]: replaceField(field, rest, change) });
}

const currentNature = (natura: YupNode) => natura.oneOf(NATURE_CODES).notOneOf(RETIRED_NATURE_CODES);

/** The library's yup schema with its two out-of-date rules corrected, derived on first use. */
let corrected: YupNode | undefined;
function fatturaSchema(): YupNode {
  if (corrected) return corrected;
  const librarySchema = fatturapaLib().FPAYupSchema as unknown as YupNode;
  const libraryEmail = librarySchema.fields?.FatturaElettronicaHeader?.fields?.CedentePrestatore?.fields?.Contatti?.fields?.Email;
  corrected = [
    ['FatturaElettronicaBody', 'DatiBeniServizi', 'DettaglioLinee', 'Natura'],
    ['FatturaElettronicaBody', 'DatiBeniServizi', 'DatiRiepilogo', 'Natura'],
  ].reduce(
    (schema, path) => replaceField(schema, path, currentNature),
    // The library requires a PEC whenever CodiceDestinatario is '0000000': a rule of the first B2B
    // version; a consumer's invoice has '0000000' and no PEC (it reaches their cassetto fiscale).
    replaceField(librarySchema, ['FatturaElettronicaHeader', 'DatiTrasmissione', 'PECDestinatario'], () => {
      if (!libraryEmail) throw new Error('@digitalia/fatturapa: schema dell’e-mail non trovato');
      return libraryEmail;
    }),
  );
  return corrected;
}

type Json = string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

/**
 * Validates a FatturaPA file with the library's checks (its well-formedness check and its yup
 * schema, corrected as above) and with what neither covers but the SdI rejects a file for: the
 * root element, the XSD's Latin-1 alphabet and Denominazione/Nome+Cognome choice, and the SdI's
 * arithmetic and VAT-nature checks (error codes 004xx of its specifications).
 */
export function validateFatturaXml(xml: string): { valid: boolean; errors: string[] } {
  let parsed: Obj;
  try {
    parsed = JSON.parse(fatturapaLib().fpa2json(xml, { validate: true })) as Obj;
  } catch (e) {
    return { valid: false, errors: [`XML: ${(e as Error).message}`] };
  }
  const roots = Object.entries(parsed);
  const [rootName, rootValue] = roots[0] ?? [];
  const prefix = rootName?.match(/^(?:(\w+):)?FatturaElettronica$/);
  if (roots.length !== 1 || !prefix || !isObj(rootValue)) return { valid: false, errors: ['XML: serve un solo elemento radice FatturaElettronica'] };
  const errors: string[] = [];
  const attributes = isObj(rootValue['@']) ? rootValue['@'] : {};
  if (attributes[prefix[1] ? `xmlns:${prefix[1]}` : 'xmlns'] !== FATTURAPA_NAMESPACE)
    errors.push(`XML: FatturaElettronica fuori dal namespace ${FATTURAPA_NAMESPACE}`);

  // The library's parser leaves entities encoded: lengths and patterns are checked on the real text.
  const invoice = decodeEntities(rootValue, errors) as Obj;
  try {
    fatturaSchema().validateSync(invoice, { abortEarly: false });
  } catch (e) {
    const inner = (e as { errors?: unknown }).errors;
    errors.push(...(Array.isArray(inner) ? inner.map((m) => `schema: ${String(m)}`) : [`schema: ${(e as Error).message}`]));
  }
  checkText(invoice, '', errors);
  checkSdiRules(invoice, errors);
  return { valid: errors.length === 0, errors };
}

const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: Json | undefined): Obj[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(isObj);
const text = (v: Json | undefined): string => (typeof v === 'string' ? v : '');

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: Json, errors: string[]): Json {
  if (typeof value === 'string')
    return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      const hex = /^#x/i.test(name);
      const code = name.startsWith('#') ? Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10) : NaN;
      const char = name.startsWith('#') ? (code <= 0x10ffff ? String.fromCodePoint(code) : undefined) : NAMED_ENTITIES[name];
      if (char === undefined) errors.push(`XML: entità non valida ${whole}`);
      return char ?? whole;
    });
  if (Array.isArray(value)) return value.map((v) => decodeEntities(v, errors));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeEntities(v, errors)]));
}

/** The XSD's text types are Basic Latin and Latin-1 only; Anagrafica is Denominazione or Nome + Cognome. */
function checkText(value: Json, path: string, errors: string[]) {
  if (typeof value === 'string') {
    // eslint-disable-next-line no-control-regex
    const bad = [...value].find((c) => (c.codePointAt(0) ?? 0) > 0xff || /[\x00-\x08\x0b\x0c\x0e-\x1f]/.test(c));
    if (bad) errors.push(`XSD: ${path} contiene un carattere non ammesso (U+${(bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`);
    return;
  }
  if (Array.isArray(value)) return value.forEach((v) => checkText(v, path, errors));
  for (const [key, v] of Object.entries(value)) checkText(v, path ? `${path}.${key}` : key, errors);
  if (path.endsWith('Anagrafica') && !('Denominazione' in value) !== ('Nome' in value && 'Cognome' in value))
    errors.push(`XSD: ${path} vuole Denominazione oppure Nome e Cognome`);
}

const decimal = (v: Json | undefined) => Number(text(v) || '0');
const vatKey = (o: Obj) => `${decimal(o.AliquotaIVA).toFixed(2)}${text(o.Natura)}`;

function checkSdiRules(invoice: Obj, errors: string[]) {
  const transmission = isObj(invoice.FatturaElettronicaHeader) ? invoice.FatturaElettronicaHeader.DatiTrasmissione : undefined;
  if (isObj(transmission) && transmission.PECDestinatario !== undefined && transmission.CodiceDestinatario !== '0000000')
    errors.push('SdI 00426: PECDestinatario solo con CodiceDestinatario 0000000');
  list(invoice.FatturaElettronicaBody).forEach((body, b) => {
    const at = `FatturaElettronicaBody[${b}]`;
    const goods = isObj(body.DatiBeniServizi) ? body.DatiBeniServizi : {};
    const lines = list(goods.DettaglioLinee);
    const rows = list(goods.DatiRiepilogo);
    const totals = new Map<string, number>();
    for (const line of lines) {
      const n = text(line.NumeroLinea);
      const exempt = decimal(line.AliquotaIVA) === 0;
      if (exempt !== (line.Natura !== undefined)) errors.push(`SdI 00400/00401: linea ${n}, Natura va indicata se e solo se AliquotaIVA è 0`);
      const quantity = line.Quantita === undefined ? 1 : decimal(line.Quantita);
      if (Math.abs(decimal(line.PrezzoUnitario) * quantity - decimal(line.PrezzoTotale)) > 0.01 + 1e-9)
        errors.push(`SdI 00423: linea ${n}, PrezzoTotale diverso da PrezzoUnitario × Quantita`);
      totals.set(vatKey(line), (totals.get(vatKey(line)) ?? 0) + decimal(line.PrezzoTotale));
    }
    for (const row of rows) {
      const exempt = decimal(row.AliquotaIVA) === 0;
      if (exempt !== (row.Natura !== undefined)) errors.push(`SdI 00429/00430: riepilogo ${vatKey(row)}, Natura va indicata se e solo se AliquotaIVA è 0`);
      const sum = totals.get(vatKey(row));
      if (sum === undefined) errors.push(`SdI 00443: ${at}, riepilogo ${vatKey(row)} senza linee`);
      else if (Math.abs(sum - decimal(row.ImponibileImporto)) > 1 + 1e-9)
        errors.push(`SdI 00422: riepilogo ${vatKey(row)}, ImponibileImporto diverso dalla somma delle linee`);
    }
    for (const key of totals.keys()) if (!rows.some((r) => vatKey(r) === key)) errors.push(`SdI 00443: ${at}, linee ${key} senza riepilogo`);
  });
}
