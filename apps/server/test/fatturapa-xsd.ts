import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates a FatturaPA file against the XML Schema with libxml2 (xmllint, compiled to
 * WebAssembly), for the tests: every file the shop generates must pass it.
 *
 * The schema is the one @digitalia/fatturapa ships (Schema_1.2.1.xsd, FPR12/FPA12), adapted in
 * memory in two places only:
 * - the Natura list becomes the one in force since 1 January 2021 (specification 1.2.2: N1,
 *   N2.1-N2.2, N3.1-N3.6, N4, N5, N6.1-N6.9, N7), which our exempt lines use;
 * - the optional ds:Signature element and its import go: files are signed, if at all, by whoever
 *   transmits them, and the signature schema would have to be fetched from the W3C.
 */
const NATURE_CODES = [
  'N1',
  'N2.1',
  'N2.2',
  'N3.1',
  'N3.2',
  'N3.3',
  'N3.4',
  'N3.5',
  'N3.6',
  'N4',
  'N5',
  'N6.1',
  'N6.2',
  'N6.3',
  'N6.4',
  'N6.5',
  'N6.6',
  'N6.7',
  'N6.8',
  'N6.9',
  'N7',
];

let schema: string | undefined;
function fatturaSchema(): string {
  if (schema) return schema;
  const main = createRequire(import.meta.url).resolve('@digitalia/fatturapa');
  const root = main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`));
  let xsd = readFileSync(path.join(root, 'src', 'schemas', 'Schema_1.2.1.xsd'), 'utf8').replace(/^\uFEFF/, '');
  const natures = NATURE_CODES.map((c) => `<xs:enumeration value="${c}"/>`).join('');
  const adapted = xsd
    .replace(/<xs:import namespace="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"[^>]*\/>/, '')
    .replace(/<xs:element ref="ds:Signature"[^>]*\/>/, '')
    .replace(/(<xs:simpleType name="NaturaType">\s*<xs:restriction base="xs:string">)[\s\S]*?(<\/xs:restriction>)/, `$1${natures}$2`);
  if (adapted === xsd || adapted.includes('ds:Signature') || !adapted.includes('value="N2.2"'))
    throw new Error('the FatturaPA schema shipped by the library changed: review fatturapa-xsd.ts');
  xsd = adapted;
  schema = xsd;
  return schema;
}

export async function validateAgainstXsd(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({ xml: [{ fileName: 'fattura.xml', contents: xml }], schema: [{ fileName: 'fatturapa.xsd', contents: fatturaSchema() }] });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
