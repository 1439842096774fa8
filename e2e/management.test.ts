import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessToken, apiLogin, call, uniqueSuffix } from './support/api';
import { connectBrowser, navigate, signedInPage } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

let browser: Browser;
let page: Page;

const suffix = uniqueSuffix();
const roleName = `Fleet auditor ${suffix}`;
const orgName = `Nagar Telemetry ${suffix}`;
const person = { firstName: 'Kavya', lastName: `Menon${suffix}`, email: `kavya.${suffix}@example.com`, password: 'Seed-4096-Tide' };

beforeAll(async () => {
  browser = await connectBrowser();
  page = await signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
});

afterAll(() => browser?.close());

async function apiGet<T>(path: string): Promise<T> {
  const res = await call('GET', path, { token: await adminAccessToken() });
  expect(res.status, path).toBe(200);
  return res.body.data as T;
}

/** The list's search box, then the row holding `text`. */
async function findRow(text: string) {
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(text);
  // The list searches once the typed term settles (it then shows in the address).
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  const row = page.getByRole('row').filter({ hasText: text });
  await row.first().waitFor();
  return row;
}

describe('management screens', () => {
  it('creates a role through the permission matrix and lists it', async () => {
    await navigate(page, '/management/role');
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    await page.getByRole('link', { name: 'Add role' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add role' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(roleName);
    await page.getByRole('textbox', { name: 'Description' }).fill('Reads jobs and the dashboard');
    await page.getByRole('checkbox', { name: 'Everything in Dashboard', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Job: View Tasks', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Everything in Organisation', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Organisation: Delete', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL((url) => url.pathname === '/management/role');
    const row = await findRow(roleName);
    expect(await row.innerText()).toContain('Organisation');

    const [role] = await apiGet<
      { name: string; kind: string; authScopes: Record<string, { allowed: boolean; actions: Record<string, boolean> }> }[]
    >(`/roles?search=${encodeURIComponent(roleName)}`);
    expect(role!.kind).toBe('ORGANIZATION');
    expect(Object.keys(role!.authScopes).sort()).toEqual(['dashboard', 'job', 'organisation']);
    expect(role!.authScopes.job).toEqual({ allowed: true, actions: { viewTasks: true, changeStatus: false } });
    expect(role!.authScopes.organisation!.actions).toMatchObject({ add: true, edit: true, delete: false, editSettings: true });
  });

  it('creates an organisation, shows it in the tree and edits its settings', async () => {
    await navigate(page, '/management/organisation');
    await page.getByRole('heading', { level: 1, name: 'Organisations' }).waitFor();
    await page.getByRole('link', { name: 'Add organisation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add organisation' }).waitFor();
    await page.getByRole('textbox', { name: 'Trade name' }).fill(orgName);
    await page.getByRole('textbox', { name: 'Brand name' }).fill('Nagar');
    await page.getByRole('textbox', { name: 'Email' }).fill(`ops.${suffix}@example.com`);
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await page.waitForURL((url) => url.pathname === '/management/organisation');
    const row = await findRow(orgName);
    expect(await row.innerText()).toContain('Top level');

    await row.getByRole('link', { name: `Edit settings of ${orgName}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Organisation settings' }).waitFor();
    await page.getByRole('textbox', { name: 'Low balance alert' }).fill('2500.75');
    await page.getByLabel('Public API access').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL((url) => url.pathname === '/management/organisation');

    const [org] = await apiGet<{ id: string }[]>(`/organization?search=${encodeURIComponent(orgName)}`);
    const settings = await apiGet<{ lowBalanceAlertPaise: number | null; apiAccess: boolean }>(`/organization/${org!.id}/settings`);
    expect(settings).toMatchObject({ lowBalanceAlertPaise: 250075, apiAccess: true });

    // Global search links open the list narrowed to one organisation.
    await navigate(page, `/management/organisation?_id=${org!.id}`);
    await page.getByTestId('id-filter-chip').waitFor();
    await expect.poll(async () => await page.getByRole('row').count()).toBe(2);
  });

  it('creates a user in the new organisation with the new role and lists them', async () => {
    await navigate(page, '/management/user/add');
    await page.getByRole('heading', { level: 1, name: 'Add user' }).waitFor();
    await page.getByRole('textbox', { name: 'First name' }).fill(person.firstName);
    await page.getByRole('textbox', { name: 'Last name' }).fill(person.lastName);
    await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
    const organisation = page.getByRole('combobox', { name: 'Organisation' });
    await organisation.click();
    await organisation.fill(orgName);
    await page.getByRole('option', { name: orgName }).click();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: new RegExp(roleName) }).click();
    // An initial password instead of an invitation: sealed in the browser, usable at once.
    await page.getByRole('radio', { name: 'Set an initial password' }).check();
    await page.getByRole('textbox', { name: 'Initial password' }).fill(person.password);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL((url) => url.pathname === '/management/user');
    const row = await findRow(person.lastName);
    const text = await row.innerText();
    expect(text).toContain(roleName);
    expect(text).toContain(orgName);
    expect(text).toContain('Active');
    // The new user signs in with the password set for them.
    const login = await apiLogin(person.email, person.password);
    expect(login.token.access.token).toBeTruthy();
  });
});
