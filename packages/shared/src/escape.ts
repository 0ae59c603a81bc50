/**
 * The one home of escaping for text written into markup: HTML (pages, mails, the invoice's courtesy
 * copy), XML (sitemaps, FatturaPA) and JSON inside a <script> element (JSON-LD, a page's data).
 * Each function escapes every character that could end its context, so a value from a merchant or
 * a shopper is always text there, never markup.
 */

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text of an HTML element: `&`, `<`, `>` and both quotes become entities (safe in attributes too). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);

/**
 * A value of an HTML attribute, quoted with either quote: the same entities as element text, so
 * one value can neither close its quotes nor its tag.
 */
export const escapeAttribute = escapeHtml;

/** Text or an attribute value in XML 1.0: the five predefined entities (`&apos;` is XML's, not HTML 4's). */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

/**
 * A value as JSON for a <script> element (`application/ld+json`, `application/json`): `<`, `>` and
 * `&` are written as \u escapes, so no string in it can close the element (`</script>`) or open a
 * comment (`<!--`), and U+2028/U+2029 likewise, for engines that parse the block as script. The text
 * is still the same JSON value.
 */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A LIKE pattern matching `term` anywhere, lower-cased, with the term's own `%`, `_` and `\` taken
 * literally; the statement must say `ESCAPE '\'` (SQLite has no default escape character).
 */
export const likeContainsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
