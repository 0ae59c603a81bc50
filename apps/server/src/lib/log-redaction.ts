/** What a secret in a log line is replaced with. */
export const REDACTED = '[redatto]';

/** Route parameters that carry a secret (the order page's and the invoice copy's token). */
const SECRET_PARAM = /token|secret/i;

/** Characters that end a path segment in a URL or in the JSON text of a log line. */
const SEGMENT = '[^/?#"\\s\\\\]+';

/**
 * Path prefixes whose next segment is a secret. The page rules are the web app's (its public
 * routes are not server routes); the API ones are learnt from the routes as they are registered.
 */
const PAGE_RULES = ['/store/:slug/ordine/:token'];

/** Query parameters that carry a secret (reset, confirmation and invitation links; the withdrawal form's order token). */
const SECRET_QUERY = /([?&](?:token|code|secret|ordine)=)[^&#"\s\\]+/gi;

export interface LogRedaction {
  /** Registers a route: a secret parameter in its path is hidden from every log line from now on. */
  learn(routeUrl: string): void;
  /** The text with every known secret path segment and secret query value replaced. */
  redact(text: string): string;
}

/**
 * Hides the secrets that travel in URLs (the order page's token, the invoice copy's link, reset
 * links' query) from log lines. It works on the text of a whole line, so every line that prints a
 * URL is covered: the access log, errors, the framework's own warnings, libraries' messages.
 */
export function logRedaction(): LogRedaction {
  const prefixes = new Set<string>();
  let pattern: RegExp | null = null;
  /** Literal words every secret-bearing URL contains: a line without any is returned untouched, cheaply. */
  let markers: string[] = ['token=', 'code=', 'secret=', 'ordine='];

  const learn = (routeUrl: string) => {
    const segments = routeUrl.split('/');
    const at = segments.findIndex((s) => s.startsWith(':') && SECRET_PARAM.test(s));
    if (at < 0) return;
    const prefix = segments
      .slice(0, at)
      .map((s) => (s.startsWith(':') || s === '*' ? SEGMENT : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    if (prefixes.has(prefix)) return;
    prefixes.add(prefix);
    pattern = new RegExp(`(${[...prefixes].join('|')})/${SEGMENT}`, 'g');
    const literal = segments[at - 1];
    if (literal && !literal.startsWith(':')) markers = [...new Set([...markers, `/${literal}/`])];
  };
  for (const rule of PAGE_RULES) learn(rule);

  return {
    learn,
    redact(text) {
      if (!markers.some((m) => text.includes(m))) return text;
      const paths = pattern ? text.replace(pattern, `$1/${REDACTED}`) : text;
      return paths.replace(SECRET_QUERY, `$1${REDACTED}`);
    },
  };
}
