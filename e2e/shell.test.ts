import { MODULES } from '@tarang/shared/modules/module-catalogue';
import { SHELL_ROUTES } from '@tarang/shared/modules/module-routes';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createRole, createUser, staffRoleId, uniquePhoneDigits, uniqueSuffix } from './support/api';
import { connectBrowser, navigate, seriousAxeViolations, sidebarEntries, signedInPage, signOut } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

let browser: Browser;
let page: Page;

const suffix = uniqueSuffix();
const searchable = { firstName: 'Ishaan', lastName: `Kapoor${suffix}`, email: `ishaan.${suffix}@example.com` };
let searchableId: string;
const orgUser = { email: `fleet.${suffix}@example.com`, password: 'Saffron-Lantern-5812' };

beforeAll(async () => {
  searchableId = (await createUser({ ...searchable, role: await staffRoleId(), password: 'Searchable-Pass-1' })).id;
  const org = await createOrganization(`Fleet Logistics ${suffix}`);
  const role = await createRole({
    name: `Fleet operator ${suffix}`,
    organizationId: org.id,
    authScopes: scopesFrom({ 'sim-inventory': ['viewDetails'], job: true }),
  });
  await createUser({
    firstName: 'Meera',
    lastName: 'Iyer',
    email: orgUser.email,
    phone: `+91${uniquePhoneDigits()}`,
    role: role.id,
    organizationId: org.id,
    password: orgUser.password,
  });
  browser = await connectBrowser();
  page = await signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
});

afterAll(() => browser?.close());

describe('shell', () => {
  it('redirects / to /dashboard and shows the welcome, the header and the role under the user name', async () => {
    await page.goto('/');
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('dashboard-welcome').innerText()).toBe('Welcome, Super');
    expect(await page.getByTestId('user-role').innerText()).toBe('Super Admin');
    for (const name of ['Keyboard shortcuts', 'Enter full screen', 'Theme'])
      expect(await page.getByRole('button', { name }).first().isVisible()).toBe(true);
    expect(await page.getByTestId('language-switcher').isVisible()).toBe(true);
    // Staff have no organisation: no wallet balance.
    expect(await page.getByTestId('header-wallet').count()).toBe(0);
  });

  it('lists every menu entry in the spec order for staff, with badges and the active entry marked', async () => {
    const entries = await sidebarEntries(page);
    expect(entries.slice(0, 10)).toEqual([
      'Dashboard',
      'Dashboard V2',
      'Sim Inventory',
      'Sim Actions',
      'Work Calendar',
      'Requests',
      'Activation',
      'Job',
      'Request',
      'Termination',
    ]);
    const groups = await page.locator('[data-group-id]').allInnerTexts();
    expect(groups.map((g) => g.trim())).toEqual(['Requests', 'Report', 'Management', 'White-Listing']);
    const inMenu = MODULES.filter((m) => m.inMenu).map((m) => m.id);
    const shown = await page.locator('nav [data-module-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-module-id')));
    expect([...shown].sort()).toEqual([...inMenu].sort());
    expect(await page.locator('[data-module-id="dashboardv2"]').innerText()).toContain('New');
    expect(await page.locator('[data-module-id="work-calendar"]').innerText()).toContain('Beta');
    expect(await page.locator('[data-module-id="dashboard"]').getAttribute('aria-current')).toBe('page');
  });

  it('has a page for every route of the catalogue, and the not-found page for others', async () => {
    for (const route of SHELL_ROUTES) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'a1b2c3d4e5f6a1b2c3d4e5f6');
      await navigate(page, path);
      await page.locator('#main-content h1').first().waitFor();
      expect(await page.getByRole('heading', { name: 'Page not found' }).count(), path).toBe(0);
      expect(await page.getByRole('heading', { name: 'No access' }).count(), path).toBe(0);
    }
    await navigate(page, '/api-log');
    await page.getByRole('heading', { level: 1, name: 'Api Logs' }).waitFor();
    expect(await page.locator('#main-content').getByText('This part of the console is coming soon.').isVisible()).toBe(true);
    await page.goto('/no-such-page/here');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.locator('nav[aria-label="Main menu"]').count()).toBe(0);
    for (const status of ['/status', '/status/404']) {
      await page.goto(status);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    }
    await page.goto('/status/500');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.goto('/status/maintenance');
    await page.getByRole('heading', { name: 'Down for maintenance' }).waitFor();
    await page.goto('/status/coming-soon');
    await page.getByRole('heading', { name: 'Coming soon' }).waitFor();
    await page.goto('/public/term-of-use');
    await page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
    await page.goto('/public/privacy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
  });

  it('scrolls to the top when the route changes', async () => {
    await page.setViewportSize({ width: 1440, height: 500 });
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-welcome').waitFor();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Open Sim Inventory' }).click();
    await page.waitForURL(/\/sim-inventory$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('has no serious or critical accessibility violations', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-welcome').waitFor();
    const violations = await seriousAxeViolations(page);
    if (violations.length) console.log(JSON.stringify(violations, null, 2));
    expect(violations).toEqual([]);
  });
});

describe('global search', () => {
  it("opens with Ctrl+Shift+F and asks for a term: 'Enter a valid search term'", async () => {
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-welcome').waitFor();
    await page.keyboard.press('Control+Shift+KeyF');
    await page.getByRole('dialog', { name: 'Search' }).waitFor();
    await page.getByText('Enter a valid search term').waitFor();
    for (const chip of ['Sims', 'Requests', 'Users', 'Organizations'])
      expect(await page.getByRole('button', { name: chip, pressed: true }).count()).toBe(1);
  });

  it('finds a user, groups the results, and opens one with the keyboard', async () => {
    const requests: string[] = [];
    const onRequest = (req: import('playwright-core').Request) => {
      if (req.url().includes('/api/v1/search/')) requests.push(req.url());
    };
    page.on('request', onRequest);
    await page.getByTestId('search-input').fill(searchable.lastName);
    const option = page.getByRole('option', { name: new RegExp(`${searchable.firstName} ${searchable.lastName}`) });
    await option.waitFor();
    page.off('request', onRequest);
    const results = page.getByTestId('search-results');
    expect(await results.locator('[data-group="SIMS"]').innerText()).toContain('No Sims Found');
    expect(await results.locator('[data-group="JOBS"]').innerText()).toContain('No Jobs Found');
    expect(await results.locator('[data-group="ORGS"]').innerText()).toContain('No Organizations Found');
    expect(await results.locator('[data-group="USERS"]').innerText()).not.toContain('No Users Found');
    // Typing is debounced: one call for the whole term.
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!).searchParams.get('from')).toBe('sims,jobs,orgs,users');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/management/user' && url.searchParams.get('_id') === searchableId);
    expect(await page.getByRole('dialog', { name: 'Search' }).count()).toBe(0);
  });

  it('says what it did not find, and searches only the chosen scopes', async () => {
    await page.getByTestId('search-button').click();
    await page.getByRole('button', { name: 'Sims', pressed: true }).click();
    const request = page.waitForRequest((req) => req.url().includes('/api/v1/search/zzqqxxnothing'));
    await page.getByTestId('search-input').fill('zzqqxxnothing');
    expect(new URL((await request).url()).searchParams.get('from')).toBe('jobs,orgs,users');
    await page.getByText('No Users Found').waitFor();
    expect(await page.getByText('No Jobs Found').isVisible()).toBe(true);
    expect(await page.getByText('No Organizations Found').isVisible()).toBe(true);
    expect(await page.getByText('No Sims Found').count()).toBe(0);
    await page.getByTestId('search-input').fill('   ');
    await page.getByText('Enter a valid search term').waitFor();
    await page.keyboard.press('Escape');
  });
});

describe('keyboard shortcuts', () => {
  it('lists the shortcuts of the catalogue in the dialog', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const table = page.getByTestId('shortcuts-table');
    await table.waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-shortcut'), tr.querySelectorAll('td')[1]?.textContent]));
    const expected = MODULES.filter((m) => m.shortcut).map((m) => [m.shortcut, m.name]);
    expect(rows).toEqual([...expected, ['f', 'Global search']]);
    expect(await table.locator('tr[data-shortcut="d"] kbd').allInnerTexts()).toEqual(['Ctrl', 'Shift', 'D']);
    await page.getByRole('button', { name: 'Close' }).click();
  });

  it.each([
    ['s', '/sim-inventory'],
    ['q', '/request'],
    ['j', '/job'],
    ['e', '/management/role'],
    ['2', '/dashboardv2'],
    ['d', '/dashboard'],
  ])('Ctrl+Shift+%s opens %s', async (key, path) => {
    await page.keyboard.press(`Control+Shift+${/\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`}`);
    await page.waitForURL((url) => url.pathname === path);
  });

  it('closes the sidebar drawer on small screens', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByTestId('menu-toggle').click();
    const drawerLink = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sim Inventory' });
    await drawerLink.waitFor();
    await page.keyboard.press('Control+Shift+KeyS');
    await page.waitForURL(/\/sim-inventory$/);
    await drawerLink.waitFor({ state: 'hidden' });
    // Shortcuts, full screen and language are hidden on small screens.
    await page.setViewportSize({ width: 700, height: 900 });
    expect(await page.getByTestId('header-wide-tools').isVisible()).toBe(false);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await page.getByTestId('header-wide-tools').isVisible()).toBe(true);
  });
});

describe('themes and languages', () => {
  it('keeps the chosen theme across a reload', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('theme-switcher').click();
    await page.getByRole('menuitem', { name: 'Tarang Dark' }).click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(7, 12, 39)');
    expect(await page.evaluate(() => localStorage.getItem('appTheme'))).toBe('TarangThemeDark');
    await page.reload();
    await page.getByTestId('dashboard-welcome').waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(7, 12, 39)');
    await page.getByTestId('theme-switcher').click();
    await page.getByRole('menuitem', { name: 'Tarang', exact: true }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('appTheme'))).toBe('TarangTheme');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(7, 12, 39)');
  });

  it('switches to Hindi, remembers it, and shows no partial-translation notice', async () => {
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await page.getByTestId('dashboard-welcome').getByText('स्वागत है, Super').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await page.reload();
    await page.getByTestId('dashboard-welcome').getByText('स्वागत है, Super').waitFor();
    const nav = page.getByRole('navigation', { name: 'मुख्य मेनू' });
    expect(await nav.locator('[data-module-id="dashboard"]').innerText()).toBe('डैशबोर्ड');
    expect(await page.getByTestId('partial-translation-notice').count()).toBe(0);
    await page.keyboard.press('Control+Shift+KeyF');
    await page.getByText('एक मान्य खोज शब्द दर्ज करें').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByTestId('dashboard-welcome').getByText('Welcome, Super').waitFor();
  });
});

describe('an organisation user with a limited role', () => {
  let orgPage: Page;

  beforeAll(async () => {
    orgPage = await signedInPage(browser, orgUser.email, orgUser.password);
  });

  afterAll(() => orgPage?.context().close());

  it('sees only the entries of their role, and the dashboard', async () => {
    expect(await sidebarEntries(orgPage)).toEqual(['Dashboard', 'Sim Inventory', 'Requests', 'Job']);
    expect(await orgPage.getByTestId('user-role').innerText()).toBe(`Fleet operator ${suffix}`);
    const permissions = await orgPage.evaluate(() => JSON.parse(atob(localStorage.getItem('permissions') ?? '')));
    expect(permissions).toEqual(['sim-inventory', 'sim-inventory.viewDetails', 'job', 'job.viewTasks', 'job.changeStatus']);
  });

  it('gets a no-access page for other modules, and their shortcuts do nothing', async () => {
    await orgPage.goto('/management/role');
    await orgPage.getByRole('heading', { name: 'No access' }).waitFor();
    await orgPage.goto('/dashboard');
    await orgPage.getByTestId('dashboard-welcome').waitFor();
    await orgPage.keyboard.press('Control+Shift+KeyE');
    await orgPage.keyboard.press('Control+Shift+KeyS');
    await orgPage.waitForURL(/\/sim-inventory$/);
    await orgPage.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const keys = await orgPage
      .getByTestId('shortcuts-table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-shortcut')));
    expect(keys).toEqual(['d', 's', 'j', 'f']);
    await orgPage.getByRole('button', { name: 'Close' }).click();
  });

  it('opens their own profile from the user menu, and signs out to the sign-in page', async () => {
    await orgPage.getByTestId('user-menu-button').click();
    await orgPage.getByRole('menuitem', { name: 'Profile' }).click();
    await orgPage.waitForURL(/\/management\/user\/edit\/[0-9a-f]{24}$/);
    expect(await orgPage.getByRole('heading', { name: 'No access' }).count()).toBe(0);
    // Every organisation has a wallet: the header shows its available balance, in rupees (a new organisation's is nil).
    const chip = orgPage.getByTestId('header-wallet');
    await chip.waitFor();
    expect(await chip.innerText()).toBe('₹0.00');
    expect(await chip.getAttribute('aria-label')).toBe('Available balance ₹0.00');
    await signOut(orgPage);
    await orgPage.getByText('Successfully logged out').waitFor();
  });
});
