import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, createRole, createUser, uniqueSuffix, uploadSims } from './support/api';
import { connectBrowser, navigate, signedInPage, waitForScreen } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * Whitelisting in a real browser against the real server (issue 15, first part): a customer adds an IP group from the
 * add screen (a duplicate destination merged, a malformed one refused before sending), staff approve it from the list,
 * the customer sees it approved and puts it on its SIMs at two operators from the add screen, watching each profile
 * settle to Applied; a number group is made with numbers typed every which way, one is deleted from the
 * group's numbers and more come from a CSV with a refused row named; the SIM details page shows each profile's
 * whitelist and links to it. Screens are photographed into /tmp/whitelist-*.png (desktop, English; the IP groups also in Hindi).
 */

let browser: Browser;
let staff: Page;
let customer: Page;

const suffix = uniqueSuffix();
const customerUser = { email: `telemetry.${suffix}@example.com`, password: 'Saffron-Harbour-Falcon-2026' };
const groupName = `Telemetry back end ${suffix}`;
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 920_000_000 + Math.floor(Math.random() * 800_000) * 100;
const sims = [simIdentity(base, 'AIRTEL'), simIdentity(base + 1, 'BSNL')];
const numbersName = `Control room ${suffix}`;
let org: { id: string; tradeName: string };
type TGateway = { operator: string; adapter: 'simulator' | 'manual'; latencyMs: number; processingMs: number; failureRate: number };
let gatewaysBefore: TGateway[] = [];

beforeAll(async () => {
  org = await createOrganization(`Godavari Telematics ${suffix}`);
  const role = await createRole({
    name: `Whitelist desk ${suffix}`,
    organizationId: org.id,
    authScopes: scopesFrom({
      'ip-group': ['addGroup', 'changeStatus', 'deleteGroup'],
      'number-group': ['addNumber', 'deleteNumber'],
      'whitelist-ip': ['add', 'edit', 'cancelWhitelist', 'delete'],
      request: [],
      'work-calendar': ['cancelWhitelist'],
    }),
  });
  await createUser({
    firstName: 'Meera',
    lastName: `Iyer${suffix}`,
    email: customerUser.email,
    role: role.id,
    organizationId: org.id,
    password: customerUser.password,
  });
  expect(await uploadSims(sims, `whitelists-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 2 });
  await api('PUT', '/sim/allocate', { iccids: sims.map((s) => s.iccid), organizationId: org.id });
  gatewaysBefore = await api<TGateway[]>('GET', '/operator-gateway');
  for (const operator of ['AIRTEL', 'BSNL']) {
    await api('PUT', `/operator-gateway/${operator}`, { adapter: 'simulator', latencyMs: 100, processingMs: 1500, failureRate: 0 });
  }
  browser = await connectBrowser();
  [staff, customer] = await Promise.all([
    signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD),
    signedInPage(browser, customerUser.email, customerUser.password),
  ]);
});

afterAll(async () => {
  for (const g of gatewaysBefore) {
    const { adapter, latencyMs, processingMs, failureRate } = g;
    await api('PUT', `/operator-gateway/${g.operator}`, { adapter, latencyMs, processingMs, failureRate }).catch(() => {});
  }
  await browser?.close();
});

const gridRow = (page: Page, text: string) => page.locator('.MuiDataGrid-row').filter({ hasText: text });

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  // The Devanagari faces load when first needed: wait for them, or the picture shows their stand-ins.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path: `/tmp/whitelist-${name}.png`, fullPage: true });
}

describe('whitelisting in the console', () => {
  it('a customer adds an IP group, staff approve it, the customer sees it approved', async () => {
    await navigate(customer, '/white-listing/group');
    await customer.getByRole('heading', { level: 1, name: 'IP groups' }).waitFor();
    await customer.getByRole('link', { name: 'Add Group' }).click();
    await customer.waitForURL((url) => url.pathname === '/white-listing/group/add');
    await customer.getByRole('textbox', { name: 'Name' }).fill(groupName);

    const row = (n: number) => customer.getByRole('group', { name: `Destination ${n}` });
    await row(1).getByRole('textbox', { name: 'Address or CIDR range' }).fill('10.0.0.0/8');
    await row(1).getByRole('textbox', { name: 'Ports' }).fill('443');
    await customer.getByRole('button', { name: 'Send for approval' }).click();
    // Refused before anything is sent: broader than /16.
    await row(1).getByText(/\/16/).first().waitFor();
    await row(1).getByRole('textbox', { name: 'Address or CIDR range' }).fill('203.0.113.0/24');
    await customer.getByRole('button', { name: 'Add destination' }).click();
    await row(2).getByRole('textbox', { name: 'Address or CIDR range' }).fill('203.0.113.0/24');
    await row(2).getByRole('textbox', { name: 'Ports' }).fill('443');
    await customer.getByRole('button', { name: 'Add destination' }).click();
    await row(3).getByRole('textbox', { name: 'Address or CIDR range' }).fill('2001:db8::/48');
    await row(3).getByRole('textbox', { name: 'Ports' }).fill('5000-5100');
    await shot(customer, 'ip-group-add');
    await customer.getByRole('button', { name: 'Send for approval' }).click();
    await customer.waitForURL((url) => url.pathname === '/white-listing/group');
    await customer.getByText('IP group sent for approval; 1 duplicate entry merged').first().waitFor();
    const mine = gridRow(customer, groupName);
    await mine.waitFor();
    expect(await mine.innerText()).toMatch(/Waiting for review/);
    await shot(customer, 'ip-groups-customer');
    // The customer cannot approve its own group: no such action on its rows.
    expect(await mine.getByRole('button', { name: `Approve the request for ${groupName}` }).count()).toBe(0);

    await navigate(staff, '/white-listing/group');
    await staff.getByRole('heading', { level: 1, name: 'IP groups' }).waitFor();
    await staff.getByRole('textbox', { name: 'Search', exact: true }).fill(groupName);
    const pending = gridRow(staff, groupName);
    await pending.waitFor();
    expect(await pending.innerText()).toContain(org.tradeName);
    await shot(staff, 'ip-groups-staff');
    await pending.getByRole('button', { name: `Approve the request for ${groupName}` }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Approve Request' }).click();
    await staff.getByText('IP group approved').first().waitFor();

    await customer.reload();
    await waitForScreen(customer, '/white-listing/group');
    const approved = gridRow(customer, groupName);
    await approved.waitFor();
    await expect.poll(async () => await approved.innerText(), { timeout: 15_000 }).toMatch(/Approved/);
    await approved.getByRole('button', { name: `View ${groupName}` }).click();
    const view = customer.getByRole('dialog');
    await view.getByText('203.0.113.0/24 ANY 443').waitFor();
    await view.getByText('2001:db8::/48 ANY 5000-5100').waitFor();
    await shot(customer, 'ip-group-view');
    await customer.keyboard.press('Escape');

    const [group] = await api<{ id: string; reviewStatus: string; entries: unknown[] }[]>(
      'GET',
      `/whitelist/ip-group?search=${encodeURIComponent(groupName)}`,
    );
    expect(group).toMatchObject({ reviewStatus: 'APPROVED' });
    expect(group!.entries).toHaveLength(2);
    // The customer puts the group on its two SIMs (AIRTEL and BSNL) from the add screen and watches them settle.
    await navigate(customer, '/white-listing/ip/add');
    await customer.getByRole('combobox', { name: /IP group/ }).click();
    await customer.getByRole('option', { name: new RegExp(groupName) }).click();
    await customer.getByRole('textbox', { name: 'ICCIDs' }).fill(sims.map((s) => s.iccid).join('\n'));
    await customer.getByRole('button', { name: 'Check SIMs' }).click();
    const submit = customer.getByRole('button', { name: `Apply ${groupName} to 2 SIMs` });
    await submit.waitFor();
    await shot(customer, 'sim-whitelist-add');
    await submit.click();
    await customer.getByRole('dialog', { name: 'Apply the group?' }).getByRole('button', { name: 'Apply' }).click();
    await customer.getByTestId('request-made').waitFor();
    await navigate(customer, '/white-listing/ip');
    const counts = customer.getByRole('group', { name: 'Profiles by sync state' });
    await expect.poll(async () => await counts.innerText(), { timeout: 30_000 }).toMatch(/Applied\D*2/);
    for (const sim of sims) await gridRow(customer, sim.iccid).waitFor();
    expect(await gridRow(customer, sims[1]!.iccid).innerText()).toMatch(/BSNL[\s\S]*Applied/);
    await shot(customer, 'sim-whitelists');

    // Hindi: the console's own language setting, then the page loaded again.
    await customer.evaluate(() => localStorage.setItem('language', 'hi'));
    try {
      await customer.goto('/white-listing/group');
      await waitForScreen(customer, '/white-listing/group');
      expect(await customer.evaluate(() => document.documentElement.lang)).toBe('hi');
      await gridRow(customer, groupName).waitFor();
      await shot(customer, 'ip-groups-hi');
    } finally {
      await customer.evaluate(() => localStorage.setItem('language', 'en'));
      await customer.goto('/white-listing/group');
    }
  });

  it('a customer makes a number group with numbers typed every which way and deletes one', async () => {
    await navigate(customer, '/white-listing/number/add');
    await customer.getByRole('textbox', { name: 'Name' }).fill(numbersName);
    await customer.getByRole('textbox', { name: 'Numbers' }).fill('+91 98765 43210\n09876543211, 5912345678901');
    await shot(customer, 'number-group-add');
    await customer.getByRole('button', { name: 'Create group' }).click();
    await customer.waitForURL((url) => url.pathname === '/white-listing/number');
    const row = gridRow(customer, numbersName);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/\b3\b/);
    await shot(customer, 'number-groups');

    await row.getByRole('button', { name: `Numbers of ${numbersName}` }).click();
    const dialog = customer.getByRole('dialog');
    await dialog.getByText('+91 98765 43210').waitFor();
    await shot(customer, 'group-numbers');
    await dialog.getByRole('button', { name: 'Delete number +91 98765 43211' }).click();
    await customer.getByRole('dialog', { name: 'Delete this number?' }).getByRole('button', { name: 'Delete Number' }).click();
    await customer.getByText('Number deleted').first().waitFor();
    const [group] = await api<{ numbersCount: number }[]>('GET', `/whitelist/number-group?search=${encodeURIComponent(numbersName)}`);
    expect(group!.numbersCount).toBe(2);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // More numbers from a CSV: the good rows are added, the refused one is named by its line.
    await row.getByRole('button', { name: `Add numbers to ${numbersName} from a file` }).click();
    const upload = customer.getByRole('dialog', { name: `Add numbers to ${numbersName} from a file` });
    await upload.getByLabel('CSV or XLSX file of numbers').setInputFiles({
      name: 'control-room.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Site,Number\nGate,+91 91234 56780\nYard,12345\nDepot,98765 43210\n'),
    });
    await upload.getByRole('button', { name: 'Add from file' }).click();
    await upload.getByText(/1 number added; 1 row refused\. 1 was already in the group/).waitFor();
    await upload.getByText(/Row 3, 12345: A number needs 10 digits/).waitFor();
    await shot(customer, 'numbers-from-file');
    await upload.getByRole('button', { name: 'Done' }).click();
    await expect.poll(async () => await row.innerText(), { timeout: 10_000 }).toMatch(/\b3\b/);
  });

  it('the calendar shows a scheduled whitelist cancellation on its India day, moves it a day later and cancels it', async () => {
    // Tomorrow 10:30 India time: the cancellation of both SIMs' IP whitelist is scheduled.
    const day = new Date(Date.now() + 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const at = new Date(`${day}T10:30:00+05:30`).toISOString();
    const scheduled = await api<{ request: { id: string } }>('POST', '/whitelist/ip/cancel', {
      iccids: sims.map((s) => s.iccid),
      scheduledAt: at,
    });
    const requestId = scheduled.request.id;

    await navigate(customer, '/work-calendar');
    await customer.getByRole('heading', { level: 1, name: 'Work Calendar' }).waitFor();
    const cell = customer.locator(`td.fc-daygrid-day[data-date="${day}"]`);
    const event = cell.getByText('Cancel IP whitelist · 2 SIMs').first();
    await event.waitFor();
    await shot(customer, 'work-calendar');
    await event.click();
    const details = customer.getByRole('dialog');
    await details.getByText('10:30 AM').first().waitFor();
    await shot(customer, 'work-calendar-details');

    // Moved a day later, at 11:45 India time, from its dialog: it leaves its day for the next one.
    const nextDay = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await details.getByRole('button', { name: 'Move', exact: true }).click();
    const move = customer.getByRole('dialog', { name: /^Move/ });
    await move.getByLabel(/New date and time/).fill(`${nextDay}T11:45`);
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await customer.getByText('Moved', { exact: true }).first().waitFor();
    const nextCell = customer.locator(`td.fc-daygrid-day[data-date="${nextDay}"]`);
    const moved = nextCell.getByText('Cancel IP whitelist · 2 SIMs').first();
    await moved.waitFor();
    expect(await cell.getByText('Cancel IP whitelist · 2 SIMs').count()).toBe(0);
    const stored = await api<{ scheduledAt: string }>('GET', `/request/${requestId}`);
    expect(stored.scheduledAt).toBe(new Date(`${nextDay}T11:45:00+05:30`).toISOString());

    await moved.click();
    await details.getByText('11:45 AM').first().waitFor();
    await details.getByRole('button', { name: 'Cancel', exact: true }).click();
    await customer
      .getByRole('dialog', { name: /Cancel this scheduled/ })
      .getByRole('button', { name: 'Cancel it' })
      .click();
    await customer.getByText('Cancellation called off').first().waitFor();
    await expect.poll(async () => await nextCell.getByText('Cancel IP whitelist · 2 SIMs').count(), { timeout: 10_000 }).toBe(0);

    // The request is cancelled and both profiles still hold the group.
    const request = await api<{ status: string }>('GET', `/request/${requestId}`);
    expect(request.status).toBe('CANCELLED');
    const held = await api<{ state: string }[]>('GET', `/whitelist/ip?iccid=${sims[0]!.iccid}`);
    expect(held.map((r) => r.state)).toEqual(['APPLIED']);
  });

  it('the SIM details page shows the whitelist each profile holds and where it stands at the operator', async () => {
    await navigate(staff, `/sim-details?number=${sims[1]!.iccid}`);
    const card = staff.getByRole('table', { name: 'Whitelists' });
    const profile = card.getByRole('row').filter({ hasText: sims[1]!.iccid });
    await profile.getByRole('link', { name: groupName }).waitFor();
    expect(await profile.innerText()).toMatch(/BSNL[\s\S]*Applied[\s\S]*None/);
    await shot(staff, 'sim-details-whitelists');
    await profile.getByRole('link', { name: groupName }).click();
    await staff.waitForURL((url) => url.pathname === '/white-listing/ip' && url.searchParams.get('iccid') === sims[1]!.iccid);
    await gridRow(staff, sims[1]!.iccid).waitFor();
    expect(await staff.locator('.MuiDataGrid-row').count()).toBe(1);
  });
});
