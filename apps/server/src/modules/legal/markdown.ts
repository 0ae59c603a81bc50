const ALLOWED_LINK = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/**
 * The merchant's Markdown as safe HTML for the storefront. Raw HTML is off (`<script>` is shown as
 * text), pictures are off (no third-party requests from a legal page), and links go only to
 * http(s), mailto, tel or a path of this site; anything else (javascript:, data:…) stays plain text.
 * The parser is loaded by the first page rendered, not by every start of the server
 * (docs/decisions/0011-production-runtime.md).
 */
async function loadRenderer(): Promise<(markdown: string) => string> {
  const { default: MarkdownIt } = await import('markdown-it');
  const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false, breaks: false });
  md.disable('image');

  md.validateLink = (url) => ALLOWED_LINK.test(url.trim());

  // The page title is the page's only <h1>: a '#' heading in the text becomes a section heading.
  const heading = md.renderer.rules.heading_open;
  md.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
    const t = tokens[idx]!;
    if (t.tag === 'h1') t.tag = 'h2';
    return heading ? heading(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
  md.renderer.rules.heading_close = (tokens, idx, options, _env, self) => {
    const t = tokens[idx]!;
    if (t.tag === 'h1') t.tag = 'h2';
    return self.renderToken(tokens, idx, options);
  };

  // Links out of the store are not endorsements and get no handle on this page.
  md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
    const t = tokens[idx]!;
    if (/^https?:/i.test(String(t.attrGet('href') ?? ''))) t.attrSet('rel', 'nofollow noopener');
    return self.renderToken(tokens, idx, options);
  };
  return (markdown) => md.render(markdown);
}

let renderer: Promise<(markdown: string) => string> | undefined;
/** The renderer, loaded once. */
export const legalMarkdownRenderer = (): Promise<(markdown: string) => string> => (renderer ??= loadRenderer());

export const renderLegalMarkdown = async (markdown: string): Promise<string> => (await legalMarkdownRenderer())(markdown);

/** A value typed by the merchant, placed in a template's Markdown: it cannot start emphasis, links or tables. */
export const escapeMarkdown = (text: string): string => text.replace(/[\\`*_[\]<>|~]/g, '\\$&');
