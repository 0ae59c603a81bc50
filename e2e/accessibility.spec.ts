import type { Page } from '@playwright/test';
import { AxeAudit } from './a11y-audit';
import { dashboard, signIn } from './a11y-dashboard-pages';
import { publicSite, storefront } from './a11y-public-pages';
import { seedAuditShop, type AuditShop } from './a11y-seed';
import { expect, hydrated, test } from './fixtures';

/**
 * Every page of the product, and the states that appear after an action (a toast, an open dialog,
 * an open menu), checked with axe at a laptop's and a phone's width: no critical or serious
 * violation may remain (docs/decisions/0026-accessibility-checks.md).
 */
const VIEWPORTS = [
  { name: '1366×900', viewport: { width: 1366, height: 900 }, isMobile: false },
  { name: '390×844', viewport: { width: 390, height: 844 }, isMobile: true },
];

/** Each theme with another palette, and two palettes of pale and mid tones a merchant may type in. */
const LOOKS = [
  { theme: 'moderno', colors: { primary: '#3B82F6', secondary: '#EC4899', accent: '#F59E0B' } },
  { theme: 'classico', colors: { primary: '#10B981', secondary: '#06B6D4', accent: '#8B5CF6' } },
  { theme: 'minimal', colors: { primary: '#1F2937', secondary: '#6B7280', accent: '#F59E0B' } },
  { theme: 'audace', colors: { primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' } },
  { theme: 'audace', colors: { primary: '#FFFF00', secondary: '#FFFFFF', accent: '#777777' } },
  { theme: 'classico', colors: { primary: '#777777', secondary: '#FDE68A', accent: '#22D3EE' } },
];

test.describe('accessibility', () => {
  let shop: AuditShop;
  test.beforeAll(async ({ browser }) => {
    shop = await seedAuditShop(browser);
  });

  // Each viewport's walk is two tests, the signed-out pages and the dashboard, so that each has its
  // own time budget on a slow machine; a failure names the half it happened in.
  const WALKS = [
    {
      what: 'the public site and the storefront',
      run: async (page: Page, audit: AxeAudit, mobile: boolean) => {
        await publicSite(page, audit, mobile);
        await storefront(page, audit, shop);
      },
    },
    {
      what: 'the dashboard',
      run: async (page: Page, audit: AxeAudit, mobile: boolean) => {
        await signIn(page, shop);
        await dashboard(page, audit, shop, mobile);
      },
    },
  ];

  for (const vp of VIEWPORTS) {
    for (const walk of WALKS) {
      test(`no critical or serious axe violation on ${walk.what} at ${vp.name}`, async ({ browser }) => {
        test.setTimeout(240_000);
        const context = await browser.newContext({ viewport: vp.viewport, isMobile: vp.isMobile, hasTouch: vp.isMobile });
        const page = await context.newPage();
        const audit = new AxeAudit(vp.name);
        audit.watch(page);
        await walk.run(page, audit, vp.isMobile);
        await context.close();
        await test.info().attach('moderate and minor violations', { body: audit.report(audit.advisories), contentType: 'text/plain' });
        if (process.env.A11Y_ADVISORIES) console.log(audit.report(audit.advisories));
        expect(audit.checked.length, 'pages checked').toBeGreaterThan(10);
        expect(audit.findings.length, audit.report()).toBe(0);
      });
    }
  }

  test('the storefront reads well in every theme and palette', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: VIEWPORTS[0]!.viewport });
    const page = await context.newPage();
    const audit = new AxeAudit(VIEWPORTS[0]!.name);
    audit.watch(page);
    const login = await page.request.post('/api/auth/login', { data: shop.merchant });
    const auth = { authorization: `Bearer ${((await login.json()) as { session: { accessToken: string } }).session.accessToken}` };
    const themes = (await (await page.request.get('/api/themes')).json()) as Array<{ id: string; key: string }>;
    for (const look of LOOKS) {
      const themeId = themes.find((t) => t.key === look.theme)!.id;
      const res = await page.request.patch(`/api/stores/${shop.store.id}`, { data: { themeId, colors: look.colors }, headers: auth });
      expect(res.status(), await res.text()).toBe(200);
      const name = `${look.theme} ${Object.values(look.colors).join('/')}`;
      for (const [what, url] of [
        ['home', `/store/${shop.store.slug}`],
        ['product', `/store/${shop.store.slug}/products/${shop.mug.slug}`],
      ]) {
        await page.goto(url!);
        await hydrated(page);
        // The look really changed: the theme's layout, and the colour in the store's variables.
        await expect(page.locator(`[data-theme="${look.theme}"]`)).toHaveAttribute('style', new RegExp(look.colors.primary, 'i'));
        await audit.check(page, `store ${what}, ${name}`);
      }
    }
    await context.close();
    expect(audit.findings.length, audit.report()).toBe(0);
  });
});
