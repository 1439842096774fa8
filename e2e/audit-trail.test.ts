import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createOrganization, uniqueSuffix } from './support/api';
import { connectBrowser, navigate, noSnackbars, photograph, seriousAxeViolations, signedInPage, waitForScreen } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * The audit trail in a real browser against the real server (issue 18): staff narrow the trail to one organisation's
 * rename, open the event and read the changed field, then verify the hash chain and see it intact. Screens are
 * photographed into /tmp/audit-trail-*.png and checked with axe.
 */

let browser: Browser;
let page: Page;
const suffix = uniqueSuffix();
let organization = { id: '', tradeName: '' };
const renamedTo = `Kaveri Freight ${suffix}`;

beforeAll(async () => {
  organization = await createOrganization(`Kaveri Logistics ${suffix}`);
  await adminApi('PUT', `/organization/${organization.id}`, { tradeName: renamedTo });
  browser = await connectBrowser();
  page = await signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
});

const shot = (name: string) => photograph(page, `/tmp/audit-trail-${name}.png`);

describe('The audit trail in the console', () => {
  it("narrows the trail to an organisation's rename, opens it and shows the changed field before and after", async () => {
    await navigate(page, '/audit-trail');
    await waitForScreen(page, '/audit-trail');
    await page.getByRole('textbox', { name: 'Action' }).fill('organization.update');
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('textbox', { name: 'Entity id' }).fill(organization.id);
    await page.waitForURL(
      (url) => url.searchParams.get('action') === 'organization.update' && url.searchParams.get('entityId') === organization.id,
    );
    const rows = page.locator('#main-content .MuiDataGrid-row');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().innerText()).toContain('organization.update');
    await noSnackbars(page);
    await page.getByText('Successfully logged in').waitFor({ state: 'hidden' });
    await shot('list');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await rows.first().getByText(E2E_ADMIN_EMAIL).click();
    const dialog = page.getByRole('dialog', { name: /^Event #\d+/ });
    await dialog.waitFor();
    const facts = dialog.getByTestId('audit-event-facts');
    expect(await facts.innerText()).toContain(E2E_ADMIN_EMAIL);
    expect(await facts.innerText()).toMatch(/\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M/);
    const table = dialog.getByRole('table', { name: 'Changed fields' });
    const tradeName = table.locator('tr', { has: page.getByRole('rowheader', { name: 'tradeName', exact: true }) });
    expect(await tradeName.getAttribute('data-change')).toBe('changed');
    const cells = await tradeName.locator('th, td').allInnerTexts();
    expect(cells.map((c) => c.trim())).toEqual(['tradeName', organization.tradeName, renamedTo, 'Changed']);
    // Unchanged fields (the id, the settings) stay hidden until asked for.
    expect(await table.locator('tr[data-change="unchanged"]').count()).toBe(0);
    await dialog.getByRole('switch', { name: /^Show unchanged fields/ }).check();
    expect(await table.getByRole('rowheader', { name: 'id', exact: true }).count()).toBe(1);
    await dialog.getByRole('switch', { name: /^Show unchanged fields/ }).uncheck();
    await shot('event');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // On a phone the event fills the screen and nothing is wider than it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const onPhone = dialog.getByRole('list', { name: 'Changed fields' }).locator('li[data-change="changed"]', { hasText: 'tradeName' });
    expect(await onPhone.innerText()).toContain(renamedTo);
    await shot('event-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('lets staff verify the whole hash chain and see it intact, with the count and the rate', async () => {
    await page.getByRole('button', { name: 'Verify chain' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify the audit chain' });
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const intact = dialog.getByTestId('chain-intact');
    await intact.waitFor();
    expect(await intact.innerText()).toContain('Chain intact');
    expect(Number((await dialog.getByTestId('verify-checked').innerText()).replace(/\D/g, ''))).toBeGreaterThan(1);
    expect(await dialog.getByTestId('verify-rate').innerText()).toMatch(/^[\d,]+ events\/s$/);
    await shot('verify');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
