import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, uniqueSuffix, uploadSims } from './support/api';
import { connectBrowser, navigate, photograph, seriousAxeViolations, signedInPage } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * The declared reports in a real browser against the real server (issue 18): staff open Atomic Sims narrowed to one
 * organisation by a shared link, see one row per SIM profile, export the report as XLSX and read the workbook back
 * (the rows, the filter written in the file, a formula typed into a label kept as text). Screens are photographed
 * into /tmp/reports-*.png and checked with axe.
 */

let browser: Browser;
let page: Page;
const suffix = uniqueSuffix();
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 1_140_000_000 + Math.floor(Math.random() * 800_000) * 100;
const sims = [0, 1, 2].map((i) => simIdentity(base + i, (['AIRTEL', 'BSNL', 'VI'] as const)[i]!));
const FORMULA = '=SUM(1+1)';
let org = { id: '', tradeName: '' };

beforeAll(async () => {
  expect(await uploadSims(sims, `reports-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 3 });
  org = await createOrganization(`Narmada Meters ${suffix}`);
  await api('PUT', '/sim/allocate', { iccids: sims.map((s) => s.iccid), organizationId: org.id });
  await api('PUT', '/sim', { iccids: [sims[1]!.iccid], label: FORMULA });
  browser = await connectBrowser();
  page = await signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
});

describe('a report in the browser', () => {
  it('opens Atomic Sims from a shared link, shows the filtered rows and exports them as XLSX', async () => {
    await navigate(page, `/report/atomic-sims?organizationId=${org.id}`);
    await page.getByRole('heading', { level: 1, name: 'Atomic Sims' }).waitFor();
    const grid = page.getByTestId('report-atomic-sims');
    const rows = grid.locator('.MuiDataGrid-row');
    await expect.poll(async () => (await rows.allInnerTexts()).filter((t) => t.includes(org.tradeName)).length).toBe(3);
    expect((await rows.allInnerTexts()).every((t) => t.includes(org.tradeName))).toBe(true);
    for (const s of sims) expect(await grid.getByText(s.iccid).count()).toBeGreaterThan(0);
    await photograph(page, '/tmp/reports-atomic-sims.png');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: /Excel/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^atomic-sims-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // Read through the connection (the browser runs apart from the test).
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Atomic Sims')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['ICCID', 'IMSI', 'MSISDN', 'Operator']);
    expect(sheet.actualRowCount).toBe(4);
    // By ICCID, as the grid.
    const iccids = [2, 3, 4].map((n) => sheet.getRow(n).getCell(1).value as string);
    expect(iccids).toEqual(sims.map((s) => s.iccid).sort());
    const label = sheet.getRow(iccids.indexOf(sims[1]!.iccid) + 2).getCell(header.indexOf('Label') + 1);
    expect(label.type).toBe(ExcelJS.ValueType.String);
    expect(label.value).toBe(FORMULA);
    const about = new Map<string, string>();
    book.getWorksheet('About')!.eachRow((row) => {
      const [name, value] = (row.values as string[]).slice(1);
      about.set(name!, value!);
    });
    expect(about.get('Report')).toBe('Atomic Sims');
    expect(about.get('Filter: Organisation')).toBe(`${org.tradeName} (${org.id})`);
    expect(about.get('Exported at (IST)')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('schedules the report from the screen, runs it now and downloads the file the worker made', async () => {
    await navigate(page, `/report/atomic-sims?organizationId=${org.id}`);
    await page.getByRole('heading', { level: 1, name: 'Atomic Sims' }).waitFor();
    await page.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Atomic Sims' });
    await dialog.getByText(`Organisation: ${org.id}`).waitFor();
    await dialog.getByLabel('Name').fill(`Morning reconciliation ${suffix}`);
    await photograph(page, '/tmp/reports-schedule-dialog.png');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText('Schedule saved').waitFor();
    const panel = page.getByTestId('saved-reports');
    const row = panel.getByRole('row', { name: new RegExp(`Morning reconciliation ${suffix}`) });
    await row.getByText('Daily at 07:00 IST · XLSX').waitFor();
    await row.getByRole('button', { name: 'Run now' }).click();
    // The server's worker makes the file; the panel asks again until it is there.
    const download = row.getByRole('button', { name: /^Download \(3 rows/ });
    await download.waitFor({ timeout: 30_000 });
    await photograph(page, '/tmp/reports-schedules.png');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const saved = page.waitForEvent('download');
    await download.click();
    const file = await saved;
    expect(file.suggestedFilename()).toMatch(/^atomic-sims-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => await panel.count()).toBe(0);
  });

  it('shows Expiry Sims in Hindi with its declared columns', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await navigate(page, `/report/expiry-sims?days=90&organizationId=${org.id}`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'समाप्त होने वाली सिम' }).waitFor();
    await page.getByRole('columnheader', { name: 'शेष दिन' }).waitFor();
    await photograph(page, '/tmp/reports-expiry-sims-hi.png');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
