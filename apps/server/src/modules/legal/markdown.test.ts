import { describe, expect, it } from 'vitest';
import { escapeMarkdown, renderLegalMarkdown } from './markdown.js';

describe('legal page Markdown', () => {
  it('shows raw HTML as text', async () => {
    const html = await renderLegalMarkdown('<script>alert(1)</script>\n\nCiao <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', '//altro.example.com/x'])(
    'keeps a %s link as plain text',
    async (href) => {
      const html = await renderLegalMarkdown(`[clicca](${href})`);
      expect(html).not.toContain('<a');
    },
  );

  it('links http(s) with nofollow, mailto, tel and the store’s own paths', async () => {
    const html = await renderLegalMarkdown('[sito](https://example.it) [mail](mailto:a@b.it) [tel](tel:+39021234567) [privacy](/store/bottega/privacy)');
    expect(html).toContain('<a href="https://example.it" rel="nofollow noopener">sito</a>');
    expect(html).toContain('<a href="mailto:a@b.it">mail</a>');
    expect(html).toContain('<a href="tel:+39021234567">tel</a>');
    expect(html).toContain('<a href="/store/bottega/privacy">privacy</a>');
  });

  it('keeps the page’s title the only h1 and shows no pictures', async () => {
    const html = await renderLegalMarkdown('# Resi\n\n![foto](https://tracker.example/x.png)');
    expect(html).toContain('<h2>Resi</h2>');
    expect(html).not.toContain('<h1');
    expect(html).not.toContain('<img');
  });

  it('a merchant’s value placed in a template cannot start a link or emphasis', async () => {
    const html = await renderLegalMarkdown(`Venditore: ${escapeMarkdown('[Bottega](javascript:x) *Srl*')}`);
    expect(html).toBe('<p>Venditore: [Bottega](javascript:x) *Srl*</p>\n');
  });
});
