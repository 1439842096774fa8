import { text } from 'node:stream/consumers';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessToken, call, createOrganization, createRole, createUser, uniqueSuffix } from './support/api';
import { connectBrowser, navigate, signedInPage } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * The SIM inventory in a real browser against the real server (issue 4 "Done when"): a bulk upload with a
 * bad row followed to its summary, the rejected rows, filters, search by the last digits, selection and
 * allocation, the details page with its history, and an organisation user who sees only their subtree.
 */

let browser: Browser;
let page: Page;

const suffix = uniqueSuffix();
// Serials of this run's SIMs: far from the demo generator's and from other runs'.
const base = 700_000_000 + Math.floor(Math.random() * 900_000) * 100;
const sims = Array.from({ length: 6 }, (_, i) => simIdentity(base + i, i % 2 === 0 ? 'AIRTEL' : 'VI'));
const badIccid = `${sims[0]!.iccid.slice(0, -1)}${(Number(sims[0]!.iccid.slice(-1)) + 1) % 10}`;
const fileName = `sims-${suffix}.csv`;
const orgName = `Jal Telemetry ${suffix}`;

function uploadCsv(): Buffer {
  const lines = ['iccid,imsi,msisdn,operator,provisioned_iccid,provisioned_imsi,provisioned_msisdn,provisioned_operator,label'];
  for (const s of sims) lines.push(`${s.iccid},${s.imsi},${s.msisdn},${s.operator},,,,,Meter ${suffix}`);
  // Row 7: a wrong check digit.
  lines.push(`${badIccid},404109999999999,,AIRTEL,,,,,`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

const gridRows = (p: Page) => p.locator('.MuiDataGrid-row');

beforeAll(async () => {
  browser = await connectBrowser();
  page = await signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
});

afterAll(() => browser?.close());

describe('SIM inventory screens', () => {
  it('uploads a CSV with a bad row, follows it to the summary across a reload, and downloads the rejected rows', async () => {
    await navigate(page, '/sim-inventory');
    await page.getByRole('heading', { level: 1, name: 'Sim Inventory' }).waitFor();
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
    const template = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Template (CSV)' }).click();
    expect((await template).suggestedFilename()).toMatch(/\.csv$/);
    await dialog.getByLabel('Choose a CSV or XLSX file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: uploadCsv() });
    await dialog.getByText(fileName).waitFor();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const summary = dialog.getByTestId('upload-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.innerText()).toMatch(/6\s*added[\s\S]*1\s*rejected[\s\S]*0\s*already present/);

    // The result is still there after a reload, until it has been closed.
    await page.reload();
    const again = page.getByRole('dialog', { name: 'Bulk Upload' });
    await again.getByTestId('upload-summary').waitFor();
    const rejected = page.waitForEvent('download');
    await again.getByRole('button', { name: 'Download rejected rows (CSV)' }).click();
    const csv = await text(await (await rejected).createReadStream());
    expect(csv.split('\n')[0]).toBe('row,column,value,reason');
    expect(csv).toContain(`iccid,${badIccid},ICCID check digit is wrong`);
    await again.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sim Inventory' }).waitFor();
    await gridRows(page).first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('filters, finds a SIM by its last digits, and allocates the selected SIMs to an organisation', async () => {
    const org = await createOrganization(orgName);
    // Status filter: In stock.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In stock' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('status') === 'IN_STOCK');

    // The last six digits printed on the card find the one SIM.
    const last = sims[1]!.iccid.slice(-6);
    await page.getByRole('textbox', { name: 'Search SIMs' }).fill(last);
    await page.waitForURL((url) => url.searchParams.get('search') === last);
    // The list keeps the previous rows on screen until the new page arrives.
    await expect.poll(async () => await gridRows(page).count()).toBe(1);
    expect(await gridRows(page).first().innerText()).toContain(sims[1]!.iccid);

    // The first digits find this run's SIMs; select two of them and allocate.
    const prefix = sims[0]!.iccid.slice(0, 17);
    await page.getByRole('textbox', { name: 'Search SIMs' }).fill(prefix);
    await page.waitForURL((url) => url.searchParams.get('search') === prefix);
    await expect.poll(async () => await gridRows(page).count()).toBe(sims.length / 2);
    for (const s of [sims[0]!, sims[2]!]) {
      const row = gridRows(page).filter({ hasText: s.iccid });
      await row.getByRole('checkbox').check();
    }
    await expect.poll(async () => await page.getByTestId('selection-bar').innerText()).toContain('2 SIMs selected');
    await page.getByTestId('selection-bar').getByRole('button', { name: 'Allocate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Allocate SIMs' });
    const organisation = dialog.getByRole('combobox', { name: 'Organisation' });
    await organisation.click();
    await organisation.fill(orgName);
    await page.getByRole('option', { name: orgName }).click();
    await dialog.getByRole('button', { name: 'Allocate' }).click();
    await dialog.getByText(`2 SIMs allocated to ${orgName}`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const allocated = await call('GET', `/sim?organizationId=${org.id}`, { token: await adminAccessToken() });
    expect((allocated.body.data as { iccid: string }[]).map((s) => s.iccid).sort()).toEqual([sims[0]!.iccid, sims[2]!.iccid].sort());
    // Both left the in-stock list the grid shows.
    await expect.poll(async () => (await gridRows(page).allInnerTexts()).join('|')).not.toContain(sims[2]!.iccid);
  });

  it('opens the details of an allocated SIM with its profiles and history', async () => {
    await navigate(page, `/sim-details?number=${sims[0]!.iccid}`);
    await page.getByRole('heading', { level: 1, name: sims[0]!.iccid }).waitFor();
    const profiles = page.getByRole('table', { name: 'Profiles' });
    expect(await profiles.innerText()).toContain(sims[0]!.imsi);
    const history = page.getByTestId('history-entry');
    await history.first().waitFor();
    const entries = await history.allInnerTexts();
    expect(entries[0]).toContain(`Allocated to ${orgName}`);
    expect(entries.at(-1)).toContain(`Added by the upload of ${fileName}`);
    expect(entries[0]).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);
  });

  it("shows an organisation user only their subtree's SIMs", async () => {
    const token = await adminAccessToken();
    const parent = await createOrganization(`Nadi Fleet ${suffix}`);
    const child = await call('POST', '/organization', {
      token,
      body: { tradeName: `Nadi Buses ${suffix}`, brandName: 'Nadi Buses', email: null, parentId: parent.id },
    });
    const sibling = await createOrganization(`Parvat Meters ${suffix}`);
    const childId = (child.body.data as { id: string }).id;
    for (const [iccid, organizationId] of [
      [sims[3]!.iccid, childId],
      [sims[4]!.iccid, sibling.id],
    ] as const) {
      const res = await call('PUT', '/sim/allocate', { token, body: { iccids: [iccid], organizationId } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const role = await createRole({
      name: `Sim viewer ${suffix}`,
      organizationId: parent.id,
      authScopes: {
        dashboard: { allowed: true, actions: {} },
        'sim-inventory': { allowed: true, actions: { viewDetails: true } },
        'sim-details': { allowed: true, actions: {} },
      },
    });
    const email = `meera.${suffix}@example.com`;
    const password = 'Teal-Harbour-Quill-4821';
    await createUser({ firstName: 'Meera', lastName: `Nair${suffix}`, email, role: role.id, organizationId: parent.id, password });

    const other = await signedInPage(browser, email, password);
    try {
      await other.goto('/sim-inventory');
      await gridRows(other).first().waitFor();
      const texts = (await gridRows(other).allInnerTexts()).join('|');
      expect(texts).toContain(sims[3]!.iccid);
      expect(texts).toContain(`Nadi Buses ${suffix}`);
      for (const hidden of [sims[4]!, sims[5]!, sims[0]!]) expect(texts).not.toContain(hidden.iccid);
      expect(await gridRows(other).count()).toBe(1);
      // No bulk upload, no selection for moves: the role holds neither.
      expect(await other.getByRole('button', { name: 'Bulk Upload' }).count()).toBe(0);
      expect(await gridRows(other).getByRole('checkbox').count()).toBe(0);
      // A SIM of another organisation is not found, not forbidden.
      await other.goto(`/sim-details?number=${sims[4]!.iccid}`);
      await other.getByText(`No SIM with ICCID ${sims[4]!.iccid} is within your reach.`).waitFor();
    } finally {
      await other.context().close();
    }
  });
});
