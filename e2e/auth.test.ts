import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, lastMessageTo, staffRoleId, uniquePhoneDigits, uniqueSuffix } from './support/api';
import { connectBrowser, navigate, newConsolePage, seriousAxeViolations, signIn, signOut } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

const LOGIN_JS_BUDGET = 200_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;

const phoneUser = { firstName: 'Zubin', lastName: `Mistry${uniqueSuffix()}`, digits: uniquePhoneDigits(), password: 'Phone-User-Pass-1' };
let phoneUserId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  ({ context, page } = await newConsolePage(browser));
  const user = await createUser({
    firstName: phoneUser.firstName,
    lastName: phoneUser.lastName,
    phone: `+91${phoneUser.digits}`,
    role: await staffRoleId(),
    password: phoneUser.password,
  });
  phoneUserId = user.id;
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A visitor with nothing stored, on the sign-in page. */
async function clearSession() {
  await page.goto('/status/404');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/auth/login');
}

describe('sign-in page', () => {
  it('downloads at most 200 KB of gzipped JavaScript and none of the console shell', async () => {
    const fresh = await newConsolePage(browser);
    const scripts: Response[] = [];
    fresh.page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await fresh.page.goto('/auth/login', { waitUntil: 'networkidle' });
    await fresh.page.getByRole('button', { name: 'Sign in' }).waitFor();
    let gzipped = 0;
    let raw = 0;
    const sources: string[] = [];
    const sizes: string[] = [];
    for (const script of scripts) {
      const source = await script.body();
      const gz = gzipSync(source).length;
      raw += source.length;
      gzipped += gz;
      sources.push(source.toString());
      sizes.push(`${path.basename(new URL(script.url()).pathname)} ${(gz / 1024).toFixed(1)} KB`);
    }
    if (gzipped > LOGIN_JS_BUDGET) console.log(`[figure] /auth/login scripts (gzipped): ${sizes.join(', ')}`);
    console.log(
      `[figure] /auth/login JavaScript: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzipped`,
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
    // The sidebar's code is not part of the sign-in page.
    expect(sources.some((s) => s.includes('sidebar-group-'))).toBe(false);
    await fresh.context.close();
  });

  it('shows the form, the marketing text, the contact and terms links and the footer', async () => {
    await clearSession();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email or phone number').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await page.getByRole('checkbox', { name: /terms and conditions/ }).isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Lost password?' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(await page.getByRole('heading', { name: 'Secure IoT connectivity, managed in one place' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toMatch(/^mailto:/);
    const footer = page.locator('footer');
    expect(await footer.innerText()).toContain('© 2024 Tarang');
    for (const [name, href] of [
      ['Terms of Use', '/public/term-of-use'],
      ['Privacy Policy', '/public/privacy'],
    ]) {
      const link = footer.getByRole('link', { name });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
  });

  it('has no serious or critical accessibility violations', async () => {
    await clearSession();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('gives the spec messages for an empty form and for terms not accepted', async () => {
    await clearSession();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).uncheck();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter phone number or email').waitFor();
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    expect(await page.getByText('You must agree to our terms and conditions').isVisible()).toBe(true);
  });

  it('refuses a wrong password with the server message, in a toast and in the form', async () => {
    await clearSession();
    await page.getByLabel('Email or phone number').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('login-error').getByText('Invalid username or password').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Invalid username or password' }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});

describe('session', () => {
  it('sends a visitor to sign-in and, after signing in by e-mail, to where they were going', async () => {
    await clearSession();
    await page.goto('/management/role');
    await page.waitForURL(/\/auth\/login\?redirectTo=%2Fmanagement%2Frole$/);
    await page.getByLabel('Email or phone number').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
    const started = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/management\/role$/);
    await page.getByTestId('user-menu-button').waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sim Inventory' }).waitFor();
    const interactiveMs = performance.now() - started;
    console.log(`[figure] sign-in to interactive console shell (production build): ${interactiveMs.toFixed(0)} ms`);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sim Inventory' }).click();
    await page.waitForURL(/\/sim-inventory$/);
    await page.getByText('Successfully logged in').first().waitFor();
    expect(await page.getByTestId('user-role').innerText()).toBe('Super Admin');
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(Object.keys(stored)).toEqual(
      expect.arrayContaining(['accessToken', 'refreshToken', 'accessExpiresAt', 'refreshExpiresAt', 'tarang.refreshToken', 'permissions']),
    );
    expect(stored['tarang.refreshToken']).toBe(stored.refreshToken);
    expect(JSON.parse(Buffer.from(stored.permissions!, 'base64').toString('utf8'))).toEqual(
      expect.arrayContaining(['dashboard', 'role', 'role.add']),
    );
  });

  it('signs out: the server ends the session, the tokens go and the console says so', async () => {
    const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await signOut(page);
    await page.getByText('Successfully logged out').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('permissions'))).toBeNull();
    const reuse = await call('POST', '/auth/refresh-tokens', { body: { refreshToken } });
    expect(reuse.status).toBe(401);
  });

  it('signs in with a phone number typed without +91', async () => {
    await clearSession();
    await signIn(page, phoneUser.digits, phoneUser.password);
    expect(await page.getByTestId('user-name').innerText()).toBe(`${phoneUser.firstName} ${phoneUser.lastName}`);
    await page.waitForURL(/\/dashboard$/);
  });

  it("says 'Session expired! Login again.' when the refresh expiry has passed", async () => {
    await page.evaluate(() => localStorage.setItem('refreshExpiresAt', new Date(Date.now() - 60_000).toISOString()));
    await page.reload();
    await page.getByText('Session expired! Login again.').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  it("says 'Session expired! Login again.' when the stored session is incomplete", async () => {
    await signIn(page, phoneUser.digits, phoneUser.password);
    await page.evaluate(() => localStorage.removeItem('accessExpiresAt'));
    await page.reload();
    await page.getByText('Session expired! Login again.').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('refreshes the tokens once when the server refuses the access token, then carries on', async () => {
    await signIn(page, phoneUser.digits, phoneUser.password);
    const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.evaluate(() => localStorage.setItem('accessToken', 'corrupted-token'));
    const refreshes: number[] = [];
    const refused: string[] = [];
    const onResponse = (res: import('playwright-core').Response) => {
      if (res.url().includes('/api/v1/auth/refresh-tokens')) refreshes.push(res.status());
      if (res.status() === 401) refused.push(new URL(res.url()).pathname);
    };
    page.on('response', onResponse);
    await page.reload();
    await page.getByTestId('user-menu-button').waitFor();
    page.off('response', onResponse);
    expect(refreshes).toEqual([200]);
    expect(refused).toEqual(['/api/v1/auth/logged-in-user/corrupted-token']);
    const after = await page.evaluate(() => ({
      access: localStorage.getItem('accessToken'),
      refresh: localStorage.getItem('refreshToken'),
    }));
    expect(after.access).not.toBe('corrupted-token');
    expect(after.refresh).not.toBe(before);
  });

  it('retries any call after a refresh when its token is refused', async () => {
    // A page that reads nothing in the background (the dashboard's figures would be the call refused first).
    await navigate(page, '/report');
    await page.getByRole('heading', { level: 1, name: 'Report' }).waitFor();
    await page.evaluate(() => localStorage.setItem('accessToken', 'corrupted-again'));
    const seen: string[] = [];
    const onResponse = (res: import('playwright-core').Response) => {
      const p = new URL(res.url()).pathname;
      if (p.startsWith('/api/v1/search/') || p === '/api/v1/auth/refresh-tokens') seen.push(`${res.status()} ${p}`);
    };
    page.on('response', onResponse);
    await page.keyboard.press('Control+Shift+KeyF');
    await page.getByTestId('search-input').fill(phoneUser.lastName);
    await page.getByRole('option', { name: new RegExp(phoneUser.lastName) }).waitFor();
    page.off('response', onResponse);
    expect(seen).toEqual([
      `401 /api/v1/search/${phoneUser.lastName}`,
      '200 /api/v1/auth/refresh-tokens',
      `200 /api/v1/search/${phoneUser.lastName}`,
    ]);
    await page.keyboard.press('Escape');
  });

  it('signs out when the refresh is refused too', async () => {
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'corrupted-access');
      localStorage.setItem('refreshToken', 'corrupted-refresh');
    });
    await page.keyboard.press('Control+Shift+KeyF');
    await page.getByTestId('search-input').fill('anything');
    await page.getByText('Session expired! Login again.').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });
});

describe('passwords', () => {
  it('changes the password from the user menu, keeps the session and signs in with the new one', async () => {
    await clearSession();
    await signIn(page, phoneUser.digits, phoneUser.password);
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await page.waitForURL(/\/auth\/change-password$/);

    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current Password is Required').waitFor();
    expect(await page.getByText('New Password is Required').isVisible()).toBe(true);
    expect(await page.getByText('Confirm Password is Required').isVisible()).toBe(true);

    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-42');
    await page.getByLabel('Confirm password', { exact: true }).fill('Brand-New-Pass-24');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByText('Confirm Password doest not  match').textContent()).toBe('Confirm Password doest not  match');

    await page.getByLabel('Confirm password', { exact: true }).fill('Brand-New-Pass-42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('Brand-New-Pass-42');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByLabel('Current password', { exact: true }).fill(phoneUser.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The Password Changed successfully').waitFor();
    // The toast sits behind the dialog (hidden from assistive technology while it is open).
    await page.getByText('Password changed successfully', { exact: true }).waitFor();
    await dialog.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard-welcome').waitFor();

    await signOut(page);
    await signIn(page, phoneUser.digits, 'Brand-New-Pass-42');
    phoneUser.password = 'Brand-New-Pass-42';
  });

  it('resets a lost password with the 6-digit code', async () => {
    await clearSession();
    await page.getByRole('link', { name: 'Lost password?' }).click();
    // The sign-in form has a field of the same name: wait for the lost-password form before typing.
    await page.getByRole('heading', { name: 'Lost password' }).waitFor();
    await page.getByLabel('Email or phone number').fill(phoneUser.digits);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL(/\/auth\/reset-password\/[^/?]+$/);
    let otp: string | undefined;
    await expect
      .poll(async () => {
        otp = /\b(\d{6})\b/.exec((await lastMessageTo(`+91${phoneUser.digits}`))?.body ?? '')?.[1];
        return otp;
      })
      .toBeTruthy();
    await page.getByLabel('6-digit code', { exact: true }).fill(otp!);
    await page.getByLabel('New password', { exact: true }).fill('Reset-Pass-77');
    await page.getByLabel('Confirm password', { exact: true }).fill('Reset-Pass-77');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password has been set. Sign in with the new one.').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await signIn(page, phoneUser.digits, 'Reset-Pass-77');
    expect(await page.getByTestId('user-name').innerText()).toContain(phoneUser.firstName);
    expect(phoneUserId).toBeTruthy();
  });

  it('sets the password of an invited user from the invitation link', async () => {
    const email = `invited.${uniqueSuffix()}@example.com`;
    await createUser({ firstName: 'Nandini', lastName: 'Joshi', email, role: await staffRoleId() });
    let link: string | undefined;
    await expect
      .poll(async () => {
        link = /https?:\/\/\S+\/auth\/reset-password\/\S+\?link=1/.exec((await lastMessageTo(email))?.body ?? '')?.[0];
        return link;
      })
      .toBeTruthy();
    await clearSession();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    expect(await page.getByLabel('6-digit code', { exact: true }).count()).toBe(0);
    await page.getByLabel('New password', { exact: true }).fill('Saffron-Kite-5521');
    await page.getByLabel('Confirm password', { exact: true }).fill('Saffron-Kite-5521');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password has been set. Sign in with the new one.').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await signIn(page, email, 'Saffron-Kite-5521');
    expect(await page.getByTestId('user-name').innerText()).toBe('Nandini Joshi');
  });
});
