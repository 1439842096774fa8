import { createHmac } from 'node:crypto';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createRole, createUser, uniqueSuffix } from './support/api';
import { connectBrowser, navigate, newConsolePage, signIn, signOut } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/** RFC 6238 (SHA-1, 6 digits, 30 s), written out here: the codes an authenticator app would show. */
function totp(secretBase32: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secretBase32.replace(/\s/g, '')].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
const currentStep = () => Math.floor(Date.now() / 30_000);
async function awayFromStepEdge() {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 300));
}

let browser: Browser;
const contexts: BrowserContext[] = [];
const suffix = uniqueSuffix();
const person = { email: `meera.${suffix}@example.com`, password: 'Lantern-7312-Quay' };
let userId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  const org = await createOrganization(`Pavan Logistics ${suffix}`);
  const role = await createRole({ name: `Dispatcher ${suffix}`, organizationId: org.id, authScopes: scopesFrom({ dashboard: true }) });
  ({ id: userId } = await createUser({
    firstName: 'Meera',
    lastName: `Iyer${suffix}`,
    email: person.email,
    role: role.id,
    organizationId: org.id,
    password: person.password,
  }));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function open(): Promise<Page> {
  const { context, page } = await newConsolePage(browser);
  contexts.push(context);
  return page;
}

describe('two-factor sign-in in the console', () => {
  let page: Page;
  let secret: string;

  it('is set up from the profile: password, QR code and key, first code, ten recovery codes', async () => {
    page = await open();
    await signIn(page, person.email, person.password);
    await navigate(page, `/management/user/edit/${userId}`);
    const card = page.getByTestId('two-factor-settings');
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('dialog').getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Continue' }).click();

    const qr = page.getByTestId('two-factor-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel('6-digit code').fill('000000' === totp(secret, currentStep()) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('alert').innerText()).toContain('The code is wrong or has expired');

    await awayFromStepEdge();
    await page.getByLabel('6-digit code').fill(totp(secret, currentStep()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    for (const code of await codes.allInnerTexts()) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => card.innerText()).toContain('10 recovery codes left');
  });

  it('asks for the code after the password at the next sign-in', async () => {
    await signOut(page);
    await page.getByLabel('Email or phone number').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const field = page.getByLabel('Authentication code');
    await field.waitFor();
    // No session yet: nothing stored in the browser.
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await field.fill('123456' === totp(secret, currentStep() + 1) ? '654321' : '123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('login-error').innerText()).toContain('The code is wrong or has expired');
    // The confirming code used this step: the next one (inside the window) signs in.
    await awayFromStepEdge();
    await field.fill(totp(secret, currentStep() + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('user-menu-button').waitFor();
  });

  it('is reset by the Super Admin from the user page: the user is signed out and signs in with the password alone', async () => {
    const admin = await open();
    await signIn(admin, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await navigate(admin, `/management/user/edit/${userId}`);
    await admin.getByTestId('reset-two-factor').click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
    await admin.getByText('Two-factor sign-in reset; the user sets it up again at their next sign-in').waitFor();

    // The user's session has ended.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect((await call('GET', '/auth/two-factor', { token: token ?? undefined })).status).toBe(401);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await signIn(page, person.email, person.password);
  });
});
