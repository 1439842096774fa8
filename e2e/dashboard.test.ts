import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, createRole, createUser, uniqueSuffix, uploadSims } from './support/api';
import { connectBrowser, navigate, noSnackbars, photograph, signedInPage } from './support/console';

/**
 * The dashboards in a real browser against the real server (issue 18): an organisation's user sees the figures of
 * their SIMs on /dashboard, follows a tile to the SIM inventory filtered the same way, and opens dashboardv2 with its
 * charts and drill-down. Screens are photographed into /tmp/dashboard-*.png.
 */

let browser: Browser;
let page: Page;
const suffix = uniqueSuffix();
const user = { email: `figures.${suffix}@example.com`, password: 'Saffron-Harbour-5813-Delta' };
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 1_130_000_000 + Math.floor(Math.random() * 800_000) * 100;
const sims = (['AIRTEL', 'BSNL', 'VI', 'BSNL'] as const).map((op, i) => ({ ...simIdentity(base + i, op), operator: op }));

beforeAll(async () => {
  expect(await uploadSims(sims, `dashboard-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 4 });
  const org = await createOrganization(`Narmada Logistics ${suffix}`);
  await api('PUT', '/sim/allocate', { iccids: sims.map((s) => s.iccid), organizationId: org.id });
  const role = await createRole({
    name: `Morning desk ${suffix}`,
    organizationId: org.id,
    authScopes: scopesFrom({ dashboard: true, dashboardv2: true, 'sim-inventory': ['viewDetails'] }),
  });
  await createUser({
    firstName: 'Meera',
    lastName: `Iyer${suffix}`,
    email: user.email,
    role: role.id,
    organizationId: org.id,
    password: user.password,
  });
  browser = await connectBrowser();
  page = await signedInPage(browser, user.email, user.password);
});

afterAll(async () => {
  await browser?.close();
});

describe('Dashboards in the console', () => {
  it('/dashboard shows the tiles of the user’s SIMs; a tile leads to the SIM inventory filtered the same way', async () => {
    await navigate(page, '/dashboard');
    const total = page.getByTestId('tile-sims-total');
    await total.waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="tile-sims-total"]')?.textContent === '4');
    expect(await page.getByTestId('tile-sims-ALLOCATED').innerText()).toBe('4');
    expect(await page.getByText('AIRTEL 1 · BSNL 2 · VI 1').count()).toBe(1);
    await page.getByTestId('dashboard-welcome').waitFor();
    await noSnackbars(page);
    await photograph(page, '/tmp/dashboard-tiles.png');

    await page.getByRole('link', { name: /^Allocated 4\b/ }).click();
    await page.waitForURL((url) => url.pathname === '/sim-inventory' && url.searchParams.get('status') === 'ALLOCATED');
    for (const s of sims) await page.getByText(s.iccid).first().waitFor();
    await photograph(page, '/tmp/dashboard-tile-list.png');
  });

  it('dashboardv2 draws the charts over the date range, with the tiles above', async () => {
    await navigate(page, '/dashboardv2');
    await page.getByTestId('chart-by-status').locator('svg').first().waitFor();
    await page.getByTestId('chart-per-day').locator('svg').first().waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="tile-sims-total"]')?.textContent === '4');
    expect(await page.getByTestId('trends-from').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await noSnackbars(page);
    await photograph(page, '/tmp/dashboard-v2.png');
  });
});
