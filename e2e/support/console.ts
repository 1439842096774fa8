import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The Chromium of this run (started by the global setup), shared by every test file. */
export async function connectBrowser(): Promise<Browser> {
  return await chromium.connect(inject('e2eBrowserWs'));
}

export async function newConsolePage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: inject('e2eBaseUrl'), viewport, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signs in through the sign-in page and waits for the console. */
export async function signIn(page: Page, username: string, password: string, options: { from?: string } = {}) {
  if (!page.url().includes('/auth/login')) await page.goto(options.from ?? '/auth/login');
  await page.getByLabel('Email or phone number').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu-button').waitFor();
}

/** Client-side navigation, as a link inside the console would do it (no reload). */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export async function signOut(page: Page) {
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

/** Text of the sidebar's entries (modules and groups), opening every group. */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const collapsed = nav.locator('[data-group-id][aria-expanded="false"]');
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  return (await nav.locator('[data-module-id], [data-group-id]').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page) {
  const { createRequire } = await import('node:module');
  const { readFileSync } = await import('node:fs');
  const require = createRequire(import.meta.url);
  // Evaluated through the debugging protocol: the console's CSP rightly refuses injected <script> tags.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return result.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical');
}

export { expect };
