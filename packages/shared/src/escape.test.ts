import { describe, expect, it } from 'vitest';
import { escapeAttribute, escapeHtml, escapeXml, likeContainsPattern, scriptJson } from './escape.js';

describe('escapeHtml', () => {
  it('writes the five markup characters as entities', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('escapes an entity already written, so it shows as typed', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
  });
  it('leaves other text as it is', () => {
    expect(escapeHtml('Caffè € 12,90 — «bio» 🍋\n')).toBe('Caffè € 12,90 — «bio» 🍋\n');
  });
});

describe('escapeAttribute', () => {
  it('cannot close either quote or the tag', () => {
    const value = escapeAttribute(`x" onload="alert(1)' ><script>`);
    expect(value).not.toMatch(/["'<>]/);
    expect(value).toBe('x&quot; onload=&quot;alert(1)&#39; &gt;&lt;script&gt;');
  });
});

describe('escapeXml', () => {
  it('uses the five predefined XML entities', () => {
    expect(escapeXml(`<loc>a&b="c"'d'</loc>`)).toBe('&lt;loc&gt;a&amp;b=&quot;c&quot;&apos;d&apos;&lt;/loc&gt;');
  });
  it('keeps a URL with a query readable by a sitemap reader', () => {
    expect(escapeXml('https://x.it/store/a?page=2&category=b')).toBe('https://x.it/store/a?page=2&amp;category=b');
  });
});

describe('scriptJson', () => {
  it('cannot close the script element or open a comment', () => {
    const json = scriptJson({ name: '</script><script>alert(1)</script><!--' });
    expect(json).not.toMatch(/[<>]/);
    expect(json.toLowerCase()).not.toContain('</script');
    expect(json).toBe('{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!--"}');
  });
  it('escapes & and the two line separators', () => {
    expect(scriptJson('a&b\u2028c\u2029')).toBe('"a\\u0026b\\u2028c\\u2029"');
  });
  it('is still the same JSON value', () => {
    const value = { title: 'Tazza "grande" <50cl> & piattino', lines: ['\u2028', "l'ultimo"], price: 12.9, ok: true, none: null };
    expect(JSON.parse(scriptJson(value))).toEqual(value);
  });
});

describe('likeContainsPattern', () => {
  it('matches anywhere, lower-cased', () => {
    expect(likeContainsPattern('Maglia')).toBe('%maglia%');
  });
  it('takes the wildcards and the escape character of the term literally', () => {
    expect(likeContainsPattern('100%')).toBe('%100\\%%');
    expect(likeContainsPattern('a_b')).toBe('%a\\_b%');
    expect(likeContainsPattern('c:\\x')).toBe('%c:\\\\x%');
  });
});
