import { randomUUID } from 'node:crypto';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import { luhnCheckDigit } from '@tarang/shared/sims/identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, createRole, createUser, uniqueSuffix, until, uploadSims } from './support/api';
import { connectBrowser, navigate, noSnackbars, photograph, seriousAxeViolations, signedInPage } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * Update Firmware in a real browser against the real server (issue 17): staff publish a firmware version for the
 * Teltonika FMB920 in the firmware catalogue (the checksum refused until it is a SHA-256); an organisation's user ticks
 * its three FMB920 devices and updates them; one device is offline, so the job ends partly done with that device
 * failed; staff bring it online and reinitiate the device gateway's MNO job on the job screen; the job completes and
 * the device list shows the new version on all three. Screens are photographed into /tmp/firmware-*.png (desktop and a
 * phone) and checked with axe.
 */

let browser: Browser;
let staff: Page;
let fleet: Page;

const suffix = uniqueSuffix();
const customer = { email: `firmware.${suffix}@example.com`, password: 'Banyan-Courier-Lotus-2026' };
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 1_070_000_000 + Math.floor(Math.random() * 800_000) * 100;
const sims = [0, 1, 2].map((n) => simIdentity(base + n, 'AIRTEL'));
/** Luhn-valid IMEIs of this run, on the simulated modules' TAC (other tests' end in 00–49). */
const imeis = [50, 51, 52].map((n) => {
  const body = `86716905${String((base + n) % 1_000_000).padStart(6, '0')}`;
  return body + luhnCheckDigit(body);
});
const offlineImei = imeis[2]!;
const VERSION = '03.28.01';
const CHECKSUM = 'a3f5c9e1'.repeat(8);
let requestId = '';
let batchJobId = '';
let jobId = '';
type TGateway = { operator: string; adapter: 'simulator' | 'manual'; latencyMs: number; processingMs: number; failureRate: number };
let gatewaysBefore: TGateway[] = [];

beforeAll(async () => {
  gatewaysBefore = await api<TGateway[]>('GET', '/operator-gateway');
  await api('PUT', '/operator-gateway/AIRTEL', { adapter: 'simulator', latencyMs: 100, processingMs: 500, failureRate: 0, outage: false });
  expect(await uploadSims(sims, `firmware-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 3 });
  const org = await createOrganization(`Kaveri Fleet ${suffix}`);
  await api('PUT', '/sim/allocate', { iccids: sims.map((s) => s.iccid), organizationId: org.id });
  const activated = await api<{ request: { jobId: string; batchJobId: string } }>(
    'POST',
    '/request',
    { type: 'ACTIVATE', iccids: sims.map((s) => s.iccid) },
    { 'idempotency-key': randomUUID() },
  );
  await until(
    `ACTIVATE ${activated.request.batchJobId}`,
    () => api<{ status: string }>('GET', `/job-batch/${activated.request.jobId}/progress`),
    (p) => p.status === 'COMPLETED',
  );
  // Three FMB920s of the organisation, each holding one of its active SIMs, on the version they came with.
  for (const [i, imei] of imeis.entries()) {
    await api('POST', '/device', {
      imei,
      make: 'Teltonika',
      model: 'FMB920',
      firmwareVersion: '03.27.07',
      serial: `SN-${suffix}-${i}`,
      simIccid: sims[i]!.iccid,
      organizationId: org.id,
    });
  }
  // The third is offline: the gateway cannot reach it until it comes back.
  await api('POST', '/device-gateway/condition', { imeis: [offlineImei], condition: 'OFFLINE' });
  const role = await createRole({
    name: `Firmware desk ${suffix}`,
    organizationId: org.id,
    authScopes: scopesFrom({ device: true, request: ['viewDetails'] }),
  });
  await createUser({
    firstName: 'Kiran',
    lastName: `Rao${suffix}`,
    email: customer.email,
    role: role.id,
    organizationId: org.id,
    password: customer.password,
  });
  browser = await connectBrowser();
  staff = await signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  fleet = await signedInPage(browser, customer.email, customer.password);
});

afterAll(async () => {
  await api('POST', '/device-gateway/condition', { imeis: [offlineImei], condition: 'ONLINE' }).catch(() => {});
  for (const g of gatewaysBefore) {
    const { adapter, latencyMs, processingMs, failureRate } = g;
    await api('PUT', `/operator-gateway/${g.operator}`, { adapter, latencyMs, processingMs, failureRate }).catch(() => {});
  }
  await browser?.close();
});

const shot = (page: Page, name: string) => photograph(page, `/tmp/firmware-${name}.png`);

const deviceRow = (page: Page, imei: string) => page.getByTestId('devices').locator('.MuiDataGrid-row').filter({ hasText: imei });

describe('Update Firmware in the console', () => {
  it('staff publish a version in the firmware catalogue; the checksum must be a SHA-256', async () => {
    await navigate(staff, '/device');
    await staff.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await staff.getByRole('button', { name: 'Firmware catalogue' }).click();
    const catalogue = staff.getByRole('dialog', { name: 'Firmware catalogue' });
    await catalogue.getByText('No firmware published').waitFor();
    await catalogue.getByRole('button', { name: 'Publish firmware' }).click();
    const form = staff.getByRole('dialog', { name: 'Publish firmware' });
    await form.getByRole('textbox', { name: 'Make' }).fill('Teltonika');
    await form.getByRole('textbox', { name: 'Model' }).fill('FMB920');
    await form.getByRole('textbox', { name: 'Version' }).fill(VERSION);
    await form.getByRole('textbox', { name: 'Checksum (SHA-256)' }).fill(CHECKSUM.slice(0, 40));
    await form.getByRole('textbox', { name: 'Release notes' }).fill('Faster GNSS fix after a cold start.\nCAN adapter support.');
    await form.getByRole('button', { name: 'Publish' }).click();
    await form.getByText('The checksum is the file’s SHA-256: 64 hexadecimal characters').waitFor();
    await shot(staff, 'publish-error');
    await form.getByRole('textbox', { name: 'Checksum (SHA-256)' }).fill(CHECKSUM.toUpperCase());
    await form.getByRole('button', { name: 'Publish' }).click();
    await form.waitFor({ state: 'detached' });
    const row = catalogue.locator('.MuiDataGrid-row').filter({ hasText: VERSION });
    await row.waitFor();
    expect(await row.innerText()).toContain('Teltonika FMB920');
    expect(await row.innerText()).toContain(CHECKSUM.slice(0, 12));
    await noSnackbars(staff);
    await shot(staff, 'catalogue');
    expect(await seriousAxeViolations(staff)).toEqual([]);
    await catalogue.getByRole('button', { name: 'Close' }).last().click();
  });

  it('the organisation ticks its three devices and updates them; the offline one fails, so the job is partly done', async () => {
    await navigate(fleet, '/device');
    await fleet.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    // Organisations choose from the catalogue; they do not keep it.
    expect(await fleet.getByRole('button', { name: 'Firmware catalogue' }).count()).toBe(0);
    for (const imei of imeis) {
      const row = deviceRow(fleet, imei);
      await row.waitFor();
      expect(await row.innerText()).toContain('Firmware 03.27.07');
      await row.getByRole('checkbox').check();
    }
    const bar = fleet.getByTestId('selection-bar');
    expect(await bar.innerText()).toContain('3 selected');
    await bar.getByRole('button', { name: 'Update Firmware' }).click();
    const dialog = fleet.getByRole('dialog', { name: 'Update Firmware' });
    const facts = dialog.getByTestId('firmware-facts');
    await facts.waitFor();
    expect(await facts.innerText()).toContain('Faster GNSS fix after a cold start.');
    // Published in capitals, kept as the shared schema makes it.
    expect(await facts.innerText()).toContain(CHECKSUM);
    expect(await dialog.getByRole('combobox', { name: 'Version for the Teltonika FMB920' }).innerText()).toContain(VERSION);
    await shot(fleet, 'choose');
    expect(await seriousAxeViolations(fleet)).toEqual([]);
    await dialog.getByRole('button', { name: 'Check devices' }).click();

    const check = fleet.getByRole('dialog', { name: `Firmware ${VERSION}: the devices` });
    const summary = check.getByTestId('firmware-check');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('All 3 selected devices can take it.');
    await shot(fleet, 'check');
    await check.getByRole('button', { name: 'Update 3 devices' }).click();

    const done = fleet.getByRole('dialog', { name: 'Firmware update requested' });
    const notice = done.getByTestId('firmware-requested');
    await notice.waitFor();
    batchJobId = /Request (BJ\d+) made/.exec(await notice.innerText())?.[1] ?? '';
    expect(batchJobId).toBeTruthy();
    const link = done.getByRole('link', { name: `View request ${batchJobId}` });
    requestId = /^\/request\/([0-9a-f]{24})$/.exec((await link.getAttribute('href')) ?? '')?.[1] ?? '';
    expect(requestId).toBeTruthy();
    await shot(fleet, 'requested');
    await link.click();
    await fleet.waitForURL((url) => url.pathname === `/request/${requestId}`);
    await fleet.getByRole('heading', { level: 1, name: `Request ${batchJobId}` }).waitFor();
    // The offline device answers "try again" until its tries run out.
    await fleet.locator('[data-testid="request-progress"][data-status="PARTIAL"]').waitFor({ timeout: 80_000 });
    const request = await api<{ type: string; jobId: string; counts: { succeeded: number; failed: number } }>(
      'GET',
      `/request/${requestId}`,
    );
    expect(request).toMatchObject({ type: 'FIRMWARE_UPDATE', counts: { succeeded: 2, failed: 1 } });
    jobId = request.jobId;
    await noSnackbars(fleet);
    await shot(fleet, 'request-partial');
    expect(await seriousAxeViolations(fleet)).toEqual([]);
  });

  it('staff bring the device online and reinitiate the gateway’s MNO job; the job completes and every device runs the version', async () => {
    expect(jobId).toBeTruthy();
    await api('POST', '/device-gateway/condition', { imeis: [offlineImei], condition: 'ONLINE' });
    await navigate(staff, `/job/${jobId}`);
    await staff.locator('[data-testid="request-progress"][data-status="PARTIAL"]').waitFor();
    const failedTask = staff.locator('.MuiDataGrid-row').filter({ hasText: 'offline' });
    await failedTask.first().waitFor();
    await noSnackbars(staff);
    await shot(staff, 'job-partial');
    expect(await seriousAxeViolations(staff)).toEqual([]);

    await staff.getByRole('button', { name: `Reinitiate DEVICES for ${batchJobId}` }).click();
    const confirm = staff.getByRole('dialog', { name: 'Reinitiate the failed SIMs?' });
    await confirm.getByRole('button', { name: 'Reinitiate' }).click();
    await staff.locator('[data-testid="request-progress"][data-status="COMPLETED"]').waitFor({ timeout: 60_000 });
    await noSnackbars(staff);
    await shot(staff, 'job-completed');

    // The organisation's user looks at the devices again (a new visit: the list read afresh).
    await fleet.reload();
    await navigate(fleet, '/device');
    for (const imei of imeis) {
      const row = deviceRow(fleet, imei);
      await row.waitFor();
      expect(await row.innerText()).toContain(`Firmware ${VERSION}`);
    }
    await noSnackbars(fleet);
    await shot(fleet, 'list-updated');
    expect(await seriousAxeViolations(fleet)).toEqual([]);
  });

  it('reads well on a phone: the Update Firmware dialog and the catalogue', async () => {
    await fleet.setViewportSize({ width: 390, height: 844 });
    await navigate(fleet, '/device');
    await fleet.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await fleet.getByTestId('devices').getByText(imeis[0]!).first().waitFor();
    expect(await fleet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fleet.getByRole('button', { name: `Update the firmware of device ${imeis[0]}` }).click();
    const dialog = fleet.getByRole('dialog', { name: 'Update Firmware' });
    await dialog.getByTestId('firmware-facts').waitFor();
    await dialog.getByRole('button', { name: 'Check devices' }).click();
    const check = fleet.getByRole('dialog', { name: `Firmware ${VERSION}: the devices` });
    await check.getByTestId('firmware-refused').waitFor();
    // Already on the version: named by its IMEI, with why; nothing to send.
    expect(await check.getByTestId('firmware-refused').innerText()).toContain(`${imeis[0]}: The device already runs ${VERSION}`);
    expect(await check.getByRole('button', { name: /^Update|^Go ahead/ }).count()).toBe(0);
    await shot(fleet, 'phone-check');
    expect(await seriousAxeViolations(fleet)).toEqual([]);
    await check.getByRole('button', { name: 'Back' }).click();
    await fleet.getByRole('dialog', { name: 'Update Firmware' }).getByRole('button', { name: 'Cancel' }).click();

    await staff.setViewportSize({ width: 390, height: 844 });
    await navigate(staff, '/device');
    await staff.getByRole('button', { name: 'Firmware catalogue' }).click();
    const catalogue = staff.getByRole('dialog', { name: 'Firmware catalogue' });
    await catalogue.getByText(VERSION).first().waitFor();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(staff, 'phone-catalogue');
    expect(await seriousAxeViolations(staff)).toEqual([]);
  });
});
