import { randomUUID } from 'node:crypto';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, createRole, createUser, uniqueSuffix, until, uploadSims } from './support/api';
import { connectBrowser, navigate, noSnackbars, photograph, seriousAxeViolations, signedInPage } from './support/console';

/**
 * Replace Sim in a real browser against the real server and its simulated operator (issue 16): an organisation's user
 * replaces an active SIM by an allocated one of the same operator from the form (checked first, then confirmed), the
 * list follows it to Done, and the new SIM's page shows it active with the old SIM's number. A file of pairs is checked
 * (a refused row named by its line) and sent while the operator refuses; the Failed pair is sent again with Retry.
 * Screens are photographed into /tmp/replacement-*.png (desktop, a phone, Hindi).
 */

let browser: Browser;
let page: Page;

const suffix = uniqueSuffix();
const customer = { email: `swap.${suffix}@example.com`, password: 'Monsoon-Lantern-Heron-2026' };
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 1_020_000_000 + Math.floor(Math.random() * 800_000) * 100;
const [old1, new1, old2, new2] = [0, 1, 2, 3].map((i) => simIdentity(base + i, 'AIRTEL')) as [
  ReturnType<typeof simIdentity>,
  ReturnType<typeof simIdentity>,
  ReturnType<typeof simIdentity>,
  ReturnType<typeof simIdentity>,
];
type TGateway = { operator: string; adapter: 'simulator' | 'manual'; latencyMs: number; processingMs: number; failureRate: number };
let gatewaysBefore: TGateway[] = [];

const airtel = (failureRate: number) =>
  api('PUT', '/operator-gateway/AIRTEL', { adapter: 'simulator', latencyMs: 100, processingMs: 500, failureRate, outage: false });

beforeAll(async () => {
  gatewaysBefore = await api<TGateway[]>('GET', '/operator-gateway');
  await airtel(0);
  expect(await uploadSims([old1, new1, old2, new2], `replacement-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 4 });
  const org = await createOrganization(`Narmada Meters ${suffix}`);
  await api('PUT', '/sim/allocate', { iccids: [old1, new1, old2, new2].map((s) => s.iccid), organizationId: org.id });
  const activated = await api<{ request: { jobId: string; batchJobId: string } }>(
    'POST',
    '/request',
    { type: 'ACTIVATE', iccids: [old1.iccid, old2.iccid] },
    { 'idempotency-key': randomUUID() },
  );
  await until(
    `ACTIVATE ${activated.request.batchJobId}`,
    () => api<{ status: string }>('GET', `/job-batch/${activated.request.jobId}/progress`),
    (p) => p.status === 'COMPLETED',
  );
  const role = await createRole({
    name: `SIM desk ${suffix}`,
    organizationId: org.id,
    authScopes: scopesFrom({ 'replace-sim': true, 'sim-inventory': ['viewDetails'], 'sim-details': [], request: ['viewDetails'] }),
  });
  await createUser({
    firstName: 'Farhan',
    lastName: `Qureshi${suffix}`,
    email: customer.email,
    role: role.id,
    organizationId: org.id,
    password: customer.password,
  });
  browser = await connectBrowser();
  page = await signedInPage(browser, customer.email, customer.password);
});

afterAll(async () => {
  for (const g of gatewaysBefore) {
    const { adapter, latencyMs, processingMs, failureRate } = g;
    await api('PUT', `/operator-gateway/${g.operator}`, { adapter, latencyMs, processingMs, failureRate }).catch(() => {});
  }
  await browser?.close();
});

const shot = (name: string) => photograph(page, `/tmp/replacement-${name}.png`);

/** A row of the replacements list (a grid row on a desktop) by the old SIM's ICCID. */
const listRow = (iccid: string) => page.getByTestId('replacements').locator('.MuiDataGrid-row').filter({ hasText: iccid });
const stateOf = async (iccid: string) => await listRow(iccid).locator('[data-state]').getAttribute('data-state');

describe('Replace Sim in the console', () => {
  it('replaces an active SIM by an allocated one: checked, confirmed, followed to Done; the new SIM has the number', async () => {
    await navigate(page, '/replace-sim');
    await page.getByRole('heading', { level: 1, name: 'Replace Sim' }).waitFor();
    const form = page.getByRole('form', { name: 'Replace a SIM' });
    // Typed as printed on the card, with spaces.
    await form.getByRole('textbox', { name: 'Old SIM ICCID' }).fill(old1.iccid.replace(/(\d{4})(?=\d)/g, '$1 '));
    await form.getByRole('textbox', { name: 'New SIM ICCID' }).fill(old1.iccid);
    await form.getByRole('textbox', { name: 'Reason' }).fill('Card cracked in the meter box');
    await form.getByRole('button', { name: 'Check and replace' }).click();
    // The form refuses the same SIM twice before asking the server.
    await form.getByText('The new SIM must be another SIM').waitFor();
    await form.getByRole('textbox', { name: 'New SIM ICCID' }).fill(new1.iccid);
    await shot('form');
    await form.getByRole('button', { name: 'Check and replace' }).click();

    const dialog = page.getByRole('dialog', { name: `Replace SIM ${old1.iccid}?` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      `SIM ${old1.iccid}'s number, plan, whitelists, IMEI lock, label and tags move to SIM ${new1.iccid}; ${old1.iccid} ends Replaced.`,
    );
    await shot('confirm');
    await dialog.getByRole('button', { name: 'Replace' }).click();

    const made = page.getByTestId('replacement-made');
    await made.waitFor();
    const batchJobId = /Request (BJ\d+) made/.exec(await made.innerText())?.[1];
    expect(batchJobId).toBeTruthy();
    await page.getByText(`Replacement sent: request ${batchJobId}`).first().waitFor();
    expect(await made.getByRole('link', { name: `View request ${batchJobId}` }).getAttribute('href')).toMatch(/^\/request\/[0-9a-f]{24}$/);

    // The list follows the replacement on its own until the operator has moved the number.
    await listRow(old1.iccid).waitFor();
    await expect.poll(() => stateOf(old1.iccid), { timeout: 60_000, interval: 500 }).toBe('DONE');
    const row = listRow(old1.iccid);
    expect(await row.innerText()).toContain('Card cracked in the meter box');
    expect(await row.getByRole('link', { name: `View request ${batchJobId}` }).count()).toBe(1);
    // An organisation's user sees no organisation column.
    expect(await page.getByRole('columnheader', { name: 'Organisation' }).count()).toBe(0);
    await noSnackbars(page);
    await shot('done');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByRole('link', { name: `Open SIM ${new1.iccid}` }).click();
    await page.waitForURL((url) => url.pathname === '/sim-details' && url.searchParams.get('number') === new1.iccid);
    await page.getByRole('heading', { level: 1, name: new1.iccid }).waitFor();
    const profiles = page.getByRole('table', { name: 'Profiles' });
    const primary = profiles.getByRole('row').filter({ hasText: new1.iccid });
    await primary.waitFor();
    expect(await primary.innerText()).toContain(old1.msisdn);
    await page.getByText('Active', { exact: true }).first().waitFor();
    await shot('new-sim');
  });

  it('checks a file of pairs, naming a refused row by its line; a pair the operator refused is sent again with Retry', async () => {
    await navigate(page, '/replace-sim');
    await page.getByRole('heading', { level: 1, name: 'Replace Sim' }).waitFor();
    await page.getByRole('button', { name: 'Replace from a file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace SIMs from a file' });
    await dialog.getByRole('textbox', { name: 'Reason for rows that give none' }).fill('Meters moved to the new depot');
    const csv = ['oldIccid,newIccid,reason', `${old2.iccid},${new2.iccid},`, `${old1.iccid},${new2.iccid},Second try`].join('\n');
    await dialog
      .getByLabel('CSV or XLSX file of old and new ICCIDs')
      .setInputFiles({ name: 'swaps.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByText('1 pair can be replaced.').waitFor();
    // Row 3: the first pair already replaced that SIM.
    expect(await dialog.getByTestId('refused-rows').innerText()).toMatch(new RegExp(`Row 3, ${old1.iccid} → ${new2.iccid}: .+`));
    await shot('file-check');

    // The operator refuses the swap: it ends Failed, with the operator's error.
    await airtel(1);
    await dialog.getByRole('button', { name: 'Replace 1 SIM' }).click();
    await dialog.getByText(/^Request BJ\d+ made: 1 SIM is being replaced\./).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await listRow(old2.iccid).waitFor();
    await expect.poll(() => stateOf(old2.iccid), { timeout: 60_000, interval: 500 }).toBe('FAILED');
    const failed = listRow(old2.iccid);
    // Retry only on the Failed one.
    expect(await page.getByRole('button', { name: /^Retry the replacement of SIM / }).count()).toBe(1);
    await noSnackbars(page);
    await shot('failed');

    await airtel(0);
    await failed.getByRole('button', { name: `Retry the replacement of SIM ${old2.iccid}` }).click();
    await page.getByRole('dialog', { name: 'Retry this replacement?' }).getByRole('button', { name: 'Retry' }).click();
    await page.getByText(`Replacement of SIM ${old2.iccid} sent again`).first().waitFor();
    await expect.poll(() => stateOf(old2.iccid), { timeout: 60_000, interval: 500 }).toBe('DONE');

    // Narrowed to a SIM by the address: a link opens the list as it was.
    await navigate(page, `/replace-sim?iccid=${new2.iccid}`);
    await listRow(old2.iccid).waitFor();
    await expect.poll(() => page.getByTestId('replacements').locator('.MuiDataGrid-row').count()).toBe(1);
  });

  it('reads well on a phone and in Hindi, with no serious accessibility problem', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await navigate(page, '/replace-sim');
    await page.getByRole('heading', { level: 1, name: 'Replace Sim' }).waitFor();
    await page.getByTestId('replacements').getByText(old1.iccid).first().waitFor();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'सिम बदलें' }).waitFor();
    await page.getByTestId('replacements').locator('[data-state="DONE"]').first().waitFor();
    expect(await page.getByTestId('replacements').innerText()).toContain('पूरा हुआ');
    await shot('hindi');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
