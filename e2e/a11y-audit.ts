import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices (docs/decisions/0026-accessibility-checks.md). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe leaves these WCAG rules out of a run by tags while it calls them experimental; the first
 * caught a real fault here (an account menu named 'Menu account' that showed a store and an e-mail).
 */
const EXPERIMENTAL_WCAG_RULES = ['label-content-name-mismatch', 'css-orientation-lock'];

/** The impacts that fail the suite. */
const BLOCKING = new Set(['critical', 'serious']);

export interface Finding {
  page: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** Counts the page's requests in flight (the live channel's socket aside), to know when data has arrived. */
function watchRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight = Math.max(0, inFlight + delta);
    lastChange = Date.now();
  };
  page.on('request', (r) => r.resourceType() !== 'websocket' && change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  /** Resolves once nothing has been in flight for `quietMs` (or after `maxMs`, should a count go astray). */
  return async (quietMs = 200, maxMs = 5_000) => {
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < quietMs)) await new Promise((r) => setTimeout(r, 50));
  };
}

/** Runs axe on page after page and keeps every critical or serious violation, with where it was. */
export class AxeAudit {
  readonly findings: Finding[] = [];
  /** Moderate and minor violations: reported beside the result, they do not fail it. */
  readonly advisories: Finding[] = [];
  readonly checked: string[] = [];
  private readonly idle = new WeakMap<Page, ReturnType<typeof watchRequests>>();

  constructor(private readonly viewport: string) {}

  /** Starts counting a page's requests; call before its first navigation. */
  watch(page: Page) {
    this.idle.set(page, watchRequests(page));
  }

  /**
   * Waits until the page holds still: requests done, no skeleton, no transition or finite animation
   * running (a toast or dialog fading in is measured at its final colours, not half-way).
   */
  private async settle(page: Page) {
    await page.waitForLoadState('load');
    await this.idle.get(page)?.();
    await expect(page.locator('.animate-pulse')).toHaveCount(0);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  }

  async check(page: Page, name: string) {
    await this.settle(page);
    const rules = Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }]));
    // Only violations are detailed: passes and unsure results are not read, and skipping them saves time.
    // axe runs in the page itself ('legacy mode'): the default injects axe into every frame and then
    // opens a blank page to merge the frames' results, which took more than half of each check. The
    // product has no cross-origin frames, the one thing this mode leaves out; the same violations
    // were reported either way.
    const results = await new AxeBuilder({ page })
      .options({ rules, resultTypes: ['violations'] })
      .withTags(AXE_TAGS)
      .setLegacyMode()
      .analyze();
    const where = `${name} @ ${this.viewport} (${new URL(page.url()).pathname})`;
    this.checked.push(where);
    for (const v of results.violations) {
      for (const node of v.nodes) {
        (BLOCKING.has(v.impact ?? '') ? this.findings : this.advisories).push({
          page: where,
          rule: v.id,
          impact: v.impact ?? '',
          target: node.target.map(String).join(' > '),
          summary: (node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim(),
        });
      }
    }
  }

  /** One line per violation: rule, impact, element and page, then axe's reason. */
  report(list = this.findings): string {
    if (!list.length) return `${this.checked.length} pages checked, no violation`;
    return [
      `${list.length} violations on ${this.checked.length} pages checked:`,
      ...list.map((f) => `- [${f.impact}] ${f.rule} at ${f.target} on ${f.page}: ${f.summary}`),
    ].join('\n');
  }
}
