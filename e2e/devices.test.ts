import { randomUUID } from 'node:crypto';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import { luhnCheckDigit } from '@tarang/shared/sims/identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, createRole, createUser, uniqueSuffix, until, uploadSims } from './support/api';
import { connectBrowser, navigate, noSnackbars, photograph, seriousAxeViolations, signedInPage } from './support/console';

/**
 * Devices in a real browser against the real server (issue 17): an organisation's user adds a device holding an active
 * SIM of the organisation, with its vehicle and end user, and locks the SIM to the device's IMEI — the form refusing a
 * bad registration and a bad Aadhaar number first —; the list shows it with the lock request named; Show Vehicle shows
 * the vehicle, the device and the SIM; the SIM's page finds the device through Fetch Device Details; the inventory takes a
 * device without a SIM; deleting the linked device asks a second time to unlink it. Screens are photographed into
 * /tmp/devices-*.png (desktop, a phone, Hindi) and checked with axe.
 */

let browser: Browser;
let page: Page;

const suffix = uniqueSuffix();
const customer = { email: `fleet.${suffix}@example.com`, password: 'Banyan-Courier-Lotus-2026' };
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 1_060_000_000 + Math.floor(Math.random() * 800_000) * 100;
const sim = simIdentity(base, 'AIRTEL');
/** A Luhn-valid IMEI of this run, on the simulated modules' TAC (the TAC table names its make). */
const imeiOf = (n: number) => {
  const body = `86716905${String((base + n) % 1_000_000).padStart(6, '0')}`;
  return body + luhnCheckDigit(body);
};
const imei = imeiOf(0);
const stockImei = imeiOf(1);
type TGateway = { operator: string; adapter: 'simulator' | 'manual'; latencyMs: number; processingMs: number; failureRate: number };
let gatewaysBefore: TGateway[] = [];

beforeAll(async () => {
  gatewaysBefore = await api<TGateway[]>('GET', '/operator-gateway');
  await api('PUT', '/operator-gateway/AIRTEL', { adapter: 'simulator', latencyMs: 100, processingMs: 500, failureRate: 0, outage: false });
  expect(await uploadSims([sim], `devices-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 1 });
  const org = await createOrganization(`Godavari Logistics ${suffix}`);
  await api('PUT', '/sim/allocate', { iccids: [sim.iccid], organizationId: org.id });
  const activated = await api<{ request: { jobId: string; batchJobId: string } }>(
    'POST',
    '/request',
    { type: 'ACTIVATE', iccids: [sim.iccid] },
    { 'idempotency-key': randomUUID() },
  );
  await until(
    `ACTIVATE ${activated.request.batchJobId}`,
    () => api<{ status: string }>('GET', `/job-batch/${activated.request.jobId}/progress`),
    (p) => p.status === 'COMPLETED',
  );
  const role = await createRole({
    name: `Fleet desk ${suffix}`,
    organizationId: org.id,
    authScopes: scopesFrom({
      device: true,
      'device-inventory': true,
      'sim-inventory': ['viewDetails'],
      'sim-details': ['fetchDeviceDetails'],
      request: ['viewDetails'],
    }),
  });
  await createUser({
    firstName: 'Meera',
    lastName: `Iyer${suffix}`,
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

const shot = (name: string) => photograph(page, `/tmp/devices-${name}.png`);

/** A row of a device list (a grid row on a desktop) by its IMEI. */
const listRow = (testId: string, text: string) => page.getByTestId(testId).locator('.MuiDataGrid-row').filter({ hasText: text });

describe('Devices in the console', () => {
  it('adds a device holding an active SIM locked to its IMEI, with its vehicle and end user; the list names the lock request', async () => {
    await navigate(page, '/device');
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await page.getByText('No devices found').waitFor();
    await page.getByRole('link', { name: 'Add Device' }).click();
    await page.waitForURL((url) => url.pathname === '/device/add');
    const form = page.getByRole('form', { name: 'New device' });
    await form.getByRole('textbox', { name: 'IMEI' }).fill(imei);
    await form.getByRole('textbox', { name: 'Make' }).fill('Teltonika');
    await form.getByRole('textbox', { name: 'Model' }).fill('FMB920');
    await form.getByRole('textbox', { name: 'Firmware' }).fill('03.27.07');
    await form.getByRole('textbox', { name: 'Serial number' }).fill(`SN-${suffix}`);
    await form.getByRole('textbox', { name: 'SIM ICCID' }).fill(sim.iccid);
    await form.getByRole('checkbox', { name: "Lock the SIM to this device's IMEI" }).check();
    await form.getByRole('textbox', { name: 'Registration number' }).fill('XX 12 AB 1234');
    await form.getByRole('combobox', { name: 'Vehicle type' }).click();
    await page.getByRole('option', { name: 'Truck' }).click();
    await form.getByRole('textbox', { name: "End user's name" }).fill('Ravi Kumar');
    await form.getByRole('textbox', { name: 'Phone' }).fill('9876543210');
    await form.getByRole('combobox', { name: 'Identity document' }).click();
    await page.getByRole('option', { name: 'Aadhaar' }).click();
    await form.getByRole('textbox', { name: 'Document number' }).fill('2345 6789 0125');
    await form.getByRole('button', { name: 'Add device' }).click();
    // Checked before anything is sent: the state code and Aadhaar's check digit.
    await form.getByText('XX is not a state or union territory code').waitFor();
    await form.getByText('This Aadhaar number’s check digit is wrong').waitFor();
    await shot('form-errors');

    await form.getByRole('textbox', { name: 'Registration number' }).fill('MH 12 AB 1234');
    await form.getByRole('textbox', { name: 'Document number' }).fill('2345 6789 0124');
    await form.getByRole('button', { name: 'Add device' }).click();

    await page.waitForURL((url) => url.pathname === '/device');
    const notice = page.getByTestId('device-saved');
    await notice.waitFor();
    const batchJobId = /IMEI lock request (BJ\d+) made/.exec(await notice.innerText())?.[1];
    expect(batchJobId).toBeTruthy();
    const requestLink = notice.getByRole('link', { name: `View request ${batchJobId}` });
    const requestId = /^\/request\/([0-9a-f]{24})$/.exec((await requestLink.getAttribute('href')) ?? '')?.[1];
    expect(requestId).toBeTruthy();

    const row = listRow('devices', imei);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Teltonika FMB920');
    expect(text).toContain(sim.iccid);
    expect(text).toContain('MH12AB1234');
    expect(text).toContain('Truck');
    expect(text).toContain('Ravi Kumar');
    // This role may see the end user's KYC: shown whole.
    expect(text).toContain('Aadhaar 234567890124');
    // The operator locks the SIM to the device's IMEI.
    await until(
      `IMEI_LOCK ${batchJobId}`,
      () => api<{ status: string }>('GET', `/request/${requestId}`),
      (r) => r.status === 'COMPLETED',
    );
    expect(await api<{ imeiLock: boolean; lockedImei: string | null }>('GET', `/sim/${sim.iccid}`)).toMatchObject({
      imeiLock: true,
      lockedImei: imei,
    });
    await noSnackbars(page);
    await shot('list');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('Show Vehicle shows the vehicle, the device and the SIM; the SIM’s page finds the device', async () => {
    await navigate(page, '/device');
    const row = listRow('devices', imei);
    await row.waitFor();
    await row.getByRole('button', { name: `Show the vehicle of device ${imei}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Vehicle MH12AB1234' });
    const details = dialog.getByTestId('vehicle-details');
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toMatch(/Vehicle type\s*Truck/);
    expect(text).toMatch(new RegExp(`IMEI\\s*${imei}`));
    expect(text).toMatch(/Status\s*Active/);
    expect(text).toMatch(/Operators\s*AIRTEL/);
    await shot('vehicle');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The SIM's page: Fetch Device Details names the device it is in, linked to the device.
    await dialog.getByRole('link', { name: `Open SIM ${sim.iccid}` }).click();
    await page.waitForURL((url) => url.pathname === '/sim-details' && url.searchParams.get('number') === sim.iccid);
    await page.getByRole('button', { name: 'Fetch Device Details' }).click();
    const device = page.getByRole('dialog', { name: 'Device details' }).getByTestId('device-details');
    await device.waitFor();
    expect(await device.innerText()).toMatch(/Registered device\s*Teltonika FMB920/);
    await shot('device-details');
    await device.getByRole('link', { name: 'Teltonika FMB920' }).click();
    await page.waitForURL((url) => /^\/device\/edit\/[0-9a-f]{24}$/.test(url.pathname));
    const form = page.getByRole('form', { name: 'Device details' });
    await form.waitFor();
    expect(await form.getByRole('textbox', { name: 'IMEI' }).inputValue()).toBe(imei);
    expect(await form.getByRole('textbox', { name: 'SIM ICCID' }).inputValue()).toBe(sim.iccid);
    await shot('edit');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/device');
  });

  it('reads well on a phone and in Hindi, with no serious accessibility problem', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await navigate(page, '/device');
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await page.getByTestId('devices').getByText(imei).first().waitFor();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await navigate(page, '/device/add');
    await page.getByRole('form', { name: 'New device' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('phone-form');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'डिवाइस' }).waitFor();
    const row = listRow('devices', imei);
    await row.waitFor();
    expect(await row.innerText()).toContain('ट्रक');
    expect(await row.innerText()).toContain('आधार 234567890124');
    await shot('hindi');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await navigate(page, '/device/add');
    await page.getByRole('form', { name: 'नया डिवाइस' }).waitFor();
    await shot('hindi-form');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'रद्द करें' }).click();
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
  });

  it('the inventory takes a device without a SIM; deleting the linked device asks to unlink its SIM first', async () => {
    await navigate(page, '/device-inventory');
    await page.getByRole('heading', { level: 1, name: 'Device Inventory' }).waitFor();
    await page.getByRole('link', { name: 'Add to inventory' }).click();
    const form = page.getByRole('form', { name: 'New device for the inventory' });
    await form.waitFor();
    expect(await form.getByRole('textbox', { name: 'SIM ICCID' }).count()).toBe(0);
    await form.getByRole('textbox', { name: 'IMEI' }).fill(stockImei);
    await form.getByRole('textbox', { name: 'Make' }).fill('Queclink');
    await form.getByRole('textbox', { name: 'Model' }).fill('GV300');
    await form.getByRole('button', { name: 'Add to inventory' }).click();
    await page.waitForURL((url) => url.pathname === '/device-inventory');
    await listRow('device-inventory', stockImei).waitFor();
    // The device holding the SIM is not stock.
    expect(await listRow('device-inventory', imei).count()).toBe(0);
    await noSnackbars(page);
    await shot('inventory');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await navigate(page, '/device');
    const row = listRow('devices', imei);
    await row.waitFor();
    await row.getByRole('button', { name: `Delete device ${imei}` }).click();
    await page.getByRole('dialog', { name: 'Delete this device?' }).getByRole('button', { name: 'Delete' }).click();
    const unlink = page.getByRole('dialog', { name: 'Unlink the SIM and delete?' });
    await unlink.waitFor();
    expect(await unlink.innerText()).toContain(`Device ${imei} holds SIM ${sim.iccid}, which is in service.`);
    await shot('unlink');
    await unlink.getByRole('button', { name: 'Unlink and delete' }).click();
    await page.getByText('Device deleted').first().waitFor();
    await expect.poll(() => listRow('devices', imei).count()).toBe(0);
  });
});
