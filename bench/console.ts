/**
 * The console scenario of `npm run bench`: how long the production build of the console takes to show the first
 * rows of the SIM inventory, in the system Chromium (playwright-core), against the bench's own server and dataset.
 * Two ways in: a click on "Sim Inventory" in the sidebar (navigation inside the console) and a fresh load of
 * /sim-inventory with a stored session (a bookmark, a reload). Each is timed from the click or the start of the
 * load until the grid shows a row.
 */
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { findChromium } from '../e2e/support/chromium';
import { BROWSER_ARGS } from '../e2e/support/constants';

export type TConsoleTimes = { sidebar: number[]; load: number[] };

/** Signs in once through the sign-in page, then times `runs` of each way in (after one untimed run of each). */
export async function measureConsole(
  origin: string,
  credentials: { email: string; password: string },
  runs: number,
): Promise<TConsoleTimes> {
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: BROWSER_ARGS });
  try {
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 1440, height: 900 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/auth/login');
    await page.getByLabel('Email or phone number').fill(credentials.email);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('user-menu-button').waitFor();
    // A grid row showing an ICCID: the page navigated from (users) has a grid of its own.
    const firstRow = () =>
      page
        .locator('.MuiDataGrid-row', { hasText: /89\d{17}/ })
        .first()
        .waitFor();
    const times: TConsoleTimes = { sidebar: [], load: [] };
    for (let i = 0; i <= runs; i++) {
      // From a page that has settled (its own grid shows its users), as a person would click.
      await page.goto('/management/user');
      await page.locator('.MuiDataGrid-row').first().waitFor();
      const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sim Inventory' });
      let started = performance.now();
      await link.click();
      await firstRow();
      if (i > 0) times.sidebar.push(performance.now() - started);
      started = performance.now();
      await page.goto('/sim-inventory', { waitUntil: 'commit' });
      await firstRow();
      if (i > 0) times.load.push(performance.now() - started);
    }
    return times;
  } finally {
    await browser.close();
  }
}
