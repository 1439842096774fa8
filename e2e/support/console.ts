import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
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
  trackApiCalls(page);
  return { context, page };
}

/** API calls of each page still waiting for their answer (event streams left out: they stay open). */
const pendingApiCalls = new WeakMap<Page, Set<Request>>();

function trackApiCalls(page: Page) {
  const pending = new Set<Request>();
  pendingApiCalls.set(page, pending);
  const isApiCall = (req: Request) => req.url().includes('/api/v1/') && !req.url().endsWith('/events');
  page.on('request', (req) => {
    if (isApiCall(req)) pending.add(req);
  });
  page.on('requestfinished', (req) => pending.delete(req));
  page.on('requestfailed', (req) => pending.delete(req));
}

/** Headings of the pages shown instead of a screen, in English and Hindi: not found, and no access. */
const NOT_A_SCREEN = ['Page not found', 'No access', 'पृष्ठ नहीं मिला', 'पहुँच नहीं है'];

/**
 * Waits until a console screen has loaded what it shows: its heading is there (and is neither "Page not found" nor
 * "No access"), no API call has been waiting for 200 ms, no busy indicator turns, and a table has its rows.
 */
export async function waitForScreen(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
  await page.locator('#main-content h1').first().waitFor();
  const pending = pendingApiCalls.get(page);
  const busy = page.locator('#main-content [role="progressbar"]:not([aria-valuenow]):visible, #main-content .MuiSkeleton-root:visible');
  let quietSince = Date.now();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((pending && pending.size > 0) || (await busy.count()) > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 200) break;
    await page.waitForTimeout(50);
  }
  for (const status of NOT_A_SCREEN) {
    expect(await page.getByRole('heading', { name: status, exact: true }).count(), `${path} shows "${status}"`).toBe(0);
  }
  const grids = page.locator('#main-content .MuiDataGrid-root');
  // Each grid shows its rows, or says it has none (a report over data this run never made, such as usage).
  for (let i = 0; i < (await grids.count()); i++) {
    await grids.nth(i).locator('.MuiDataGrid-row, .MuiDataGrid-overlay').first().waitFor({ timeout: 10_000 });
  }
}

/** The paths of the sidebar's module entries, as the page renders them (collapsed groups and the drawer included). */
export async function sidebarModulePaths(page: Page): Promise<string[]> {
  return await page
    .getByRole('navigation', { includeHidden: true })
    .locator('a[data-module-id]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** Signs in through the sign-in page and waits for the console. */
export async function signIn(page: Page, username: string, password: string, options: { from?: string } = {}) {
  if (!page.url().includes('/auth/login')) await page.goto(options.from ?? '/auth/login');
  await page.getByLabel('Email or phone number').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu-button').waitFor();
}

/**
 * A console page in a context of its own (its own storage), signed in through the sign-in page. Closing the page's
 * context (`page.context().close()`), or the browser connection it came from, closes it.
 */
export async function signedInPage(browser: Browser, username: string, password: string): Promise<Page> {
  const { page } = await newConsolePage(browser);
  await signIn(page, username, password);
  return page;
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

let axeSource: string | null = null;

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) {
    if (axeSource === null) {
      const { createRequire } = await import('node:module');
      const { readFileSync } = await import('node:fs');
      axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    }
    // Evaluated through the debugging protocol: the console's CSP rightly refuses injected <script> tags. It stays
    // in the page until the next full load.
    await page.evaluate(axeSource);
  }
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

/** A full-page picture of what the page shows, from the top, once the Devanagari faces (loaded when first needed) are in. */
export async function photograph(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path, fullPage: true });
}

/** Waits until the snackbars have gone (the pointer off them), so a picture or a click reaches what is under them. */
export async function noSnackbars(page: Page) {
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator('.notistack-MuiContent').count(), { timeout: 20_000 }).toBe(0);
}
