import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, createRole, createUser, uniqueSuffix, uploadSims } from './support/api';
import { connectBrowser, navigate, noSnackbars, photograph, seriousAxeViolations, signedInPage } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * Support tickets in a real browser against the real server (issue 17): an organisation's user opens the diagnosis of
 * their SIM, raises a ticket from it with a screenshot attached, and sees the ticket with the diagnosis kept; staff
 * find it in the list, answer it and set it waiting on the customer; the customer sees the answer. Screens are
 * photographed into /tmp/tickets-*.png (desktop, a phone, Hindi) and checked with axe.
 */

let browser: Browser;
let customerPage: Page;
let staffPage: Page;

const suffix = uniqueSuffix();
const customer = { email: `desk.${suffix}@example.com`, password: 'Jasmine-Ferry-4127-Monsoon' };
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 1_120_000_000 + Math.floor(Math.random() * 800_000) * 100;
const sim = simIdentity(base, 'AIRTEL');
let organizationName = '';
let ticketUrl = '';
let ticketNumber = '';

/** A 1×1 PNG: the signature, a header, one compressed pixel and the end. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6360000000020001e221bc330000000049454e44ae426082',
    'hex',
  ),
]);

beforeAll(async () => {
  expect(await uploadSims([sim], `tickets-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 1 });
  const org = await createOrganization(`Godavari Fleet ${suffix}`);
  organizationName = org.tradeName;
  await api('PUT', '/sim/allocate', { iccids: [sim.iccid], organizationId: org.id });
  const role = await createRole({
    name: `Support desk ${suffix}`,
    organizationId: org.id,
    authScopes: scopesFrom({
      tickets: ['addTickets'],
      'sim-diagnosis': true,
      'sim-details': true,
      'sim-inventory': ['viewDetails', 'diagnose'],
    }),
  });
  await createUser({
    firstName: 'Lakshmi',
    lastName: `Menon${suffix}`,
    email: customer.email,
    role: role.id,
    organizationId: org.id,
    password: customer.password,
  });
  browser = await connectBrowser();
  customerPage = await signedInPage(browser, customer.email, customer.password);
  staffPage = await signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => photograph(page, `/tmp/tickets-${name}.png`);

/** Axe at a desktop and at 390 px, with nothing wider than the phone's screen. */
async function checkBothSizes(page: Page, name: string) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `${name}-phone`);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('Tickets in the console', () => {
  it("an organisation's user raises a ticket from the diagnosis with a screenshot; the diagnosis is kept with it", async () => {
    const page = customerPage;
    await navigate(page, `/sim-diagnosis?number=${sim.iccid}`);
    await page.locator('li[data-check="PROVIDER_STATUS"]').waitFor();
    await page.getByRole('link', { name: 'Raise a ticket' }).click();
    await page.waitForURL((url) => url.pathname === '/tickets/add' && url.searchParams.get('diagnosis') === sim.iccid);

    const form = page.getByRole('form', { name: 'Raise a ticket' });
    await form.getByText(`The diagnosis of SIM ${sim.iccid} as it is now will be attached to the ticket, and the SIM linked.`).waitFor();
    expect(await form.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(`SIM ${sim.iccid} is not working`);
    expect(await form.getByRole('combobox', { name: 'Category' }).innerText()).toBe('Connectivity');
    // An organisation's user raises for their own organisation.
    expect(await form.getByRole('combobox', { name: 'Organisation' }).count()).toBe(0);
    await form.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await form.getByText('Due to be resolved within 8 hours').waitFor();
    await form.getByRole('textbox', { name: 'Message' }).fill('The tracker in truck 14 has sent nothing since this morning.');
    await form.getByLabel('Files to attach').setInputFiles({ name: 'tracker-screen.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('list', { name: 'Files to attach' }).getByText('tracker-screen.png').waitFor();
    await shot(page, 'form');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Raise ticket' }).click();
    await page.waitForURL((url) => /^\/tickets\/[0-9a-f]{24}$/.test(url.pathname));
    ticketUrl = new URL(page.url()).pathname;
    const raised = page.getByText(/^Ticket TK\d{8} raised$/).first();
    await raised.waitFor();
    ticketNumber = /TK\d{8}/.exec(await raised.innerText())![0];
    await page.getByRole('heading', { level: 1, name: `Ticket ${ticketNumber}` }).waitFor();

    const head = page.getByTestId('ticket-head');
    expect(await head.innerText()).toContain(`SIM ${sim.iccid} is not working`);
    expect(await head.locator('[data-status]').getAttribute('data-status')).toBe('OPEN');
    expect(await head.locator('[data-priority]').getAttribute('data-priority')).toBe('HIGH');
    expect(await head.innerText()).toMatch(/Due \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M/);
    // The diagnosis as it was: the SIM is only allocated, so its status check does not pass.
    const snapshot = page.getByTestId('diagnosis-snapshot');
    await snapshot.waitFor();
    expect(await snapshot.innerText()).toContain(`SIM ${sim.iccid}, diagnosed`);
    expect(await snapshot.locator('li[data-check="PROVIDER_STATUS"]').count()).toBe(1);
    expect(await snapshot.locator('li[data-outcome="PASS"]').count()).toBe(0);
    // The SIM is linked, the screenshot attached with its checksum.
    expect(await page.getByRole('link', { name: `Open SIM ${sim.iccid}` }).getAttribute('href')).toBe(`/sim-details?number=${sim.iccid}`);
    const attachments = page.getByTestId('attachments');
    await attachments.getByText('tracker-screen.png').waitFor();
    expect(await attachments.innerText()).toContain(`PNG image · ${PNG.length} B`);
    // The customer may resolve or close it, and set nothing else.
    const actions = page.getByTestId('ticket-actions');
    expect(await actions.getByRole('button').allInnerTexts()).toEqual(['Resolve', 'Close']);
    expect(await actions.getByRole('combobox').count()).toBe(0);

    // A file whose content is not what its name says is refused, named on the file.
    await page.getByLabel('File to attach to the ticket').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PNG });
    const refused = page.getByTestId('attachment-refused');
    await refused.waitFor();
    expect(await refused.innerText()).toContain("The file's content is PNG, but its name says .pdf: name it .png");
    expect(await page.getByTestId('chosen-file').innerText()).toBe('invoice.pdf');

    await noSnackbars(page);
    await shot(page, 'raised');
    await checkBothSizes(page, 'raised');
  });

  it('staff find it in the list, answer it and set it waiting on the customer', async () => {
    const page = staffPage;
    await navigate(page, '/tickets');
    await page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor();
    const row = page.getByTestId('tickets').locator('.MuiDataGrid-row').filter({ hasText: ticketNumber });
    await row.waitFor();
    expect(await row.innerText()).toContain(organizationName);
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('OPEN');
    await noSnackbars(page);
    await shot(page, 'list');
    await checkBothSizes(page, 'list');

    // Filters live in the address: the overdue ones hold nothing of this run's.
    await navigate(page, '/tickets?overdue=true');
    await page.getByText('No tickets match these filters').waitFor();
    await navigate(page, `/tickets?search=${ticketNumber}`);
    await row.waitFor();
    await row.getByText(`SIM ${sim.iccid} is not working`).click();
    await page.waitForURL((url) => url.pathname === ticketUrl);

    await page
      .getByRole('textbox', { name: 'Reply' })
      .fill('The SIM was never activated. We are activating it now; please check in ten minutes.');
    await page.getByRole('button', { name: 'Send' }).click();
    const thread = page.getByTestId('thread');
    await thread.locator('li[data-side="STAFF"]').waitFor();
    // Staff's first answer takes an open ticket in progress.
    await expect.poll(() => page.getByTestId('ticket-head').locator('[data-status]').getAttribute('data-status')).toBe('IN_PROGRESS');

    const actions = page.getByTestId('ticket-actions');
    await actions.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Waiting on customer' }).click();
    await page.getByText('Status set to Waiting on customer').first().waitFor();
    expect(await page.getByTestId('ticket-head').locator('[data-status]').getAttribute('data-status')).toBe('WAITING_ON_CUSTOMER');
    // The SLA clock is paused while the customer has the ball.
    expect(await page.getByTestId('ticket-head').innerText()).toContain('Paused while waiting on the customer');
    await actions.getByRole('button', { name: 'Assign to me' }).click();
    await actions.getByRole('button', { name: 'Unassign' }).waitFor();
    await noSnackbars(page);
    await shot(page, 'staff');
    await checkBothSizes(page, 'staff');
  });

  it('the customer sees the answer, in English and in Hindi', async () => {
    const page = customerPage;
    await page.goto(ticketUrl);
    const thread = page.getByTestId('thread');
    const answer = thread.locator('li[data-side="STAFF"]');
    await answer.waitFor();
    expect(await answer.innerText()).toContain('The SIM was never activated.');
    expect(await answer.innerText()).toContain('Support');
    expect(await page.getByTestId('ticket-head').locator('[data-status]').innerText()).toBe('Waiting on customer');
    await shot(page, 'customer-answer');

    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `टिकट ${ticketNumber}` }).waitFor();
    await page.getByTestId('diagnosis-snapshot').waitFor();
    expect(await page.getByTestId('ticket-head').locator('[data-status]').innerText()).toBe('ग्राहक के जवाब की प्रतीक्षा');
    expect(await thread.locator('li[data-side="STAFF"]').innerText()).toContain('सहायता टीम');
    await shot(page, 'hindi');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
