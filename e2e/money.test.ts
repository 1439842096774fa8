import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, createRole, createUser, uniqueSuffix, uploadSims } from './support/api';
import { connectBrowser, navigate, signedInPage, waitForScreen } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';
import {
  createChildOrganization,
  expectHeaderWallet,
  headerWallet,
  paiseOf,
  parseCsv,
  rupeeString,
  sendMoney,
  summaryFigure,
  type TWallet,
  walletOf,
} from './support/money';

/**
 * Money in a real browser against the real server (issue 14 "Browser tests"): staff make a plan and share it to a
 * reseller R, R shares it on to its child C with a margin, C activates SIMs on it from the add screen until every
 * hold is captured (and R earns its margin), R transfers money to C with its header chip following, C tops up
 * through the PayU simulator, and staff export C's transactions. Every money screen is photographed into
 * /tmp/money-*.png (desktop, English; /wallet also in Hindi) for a person to look at.
 *
 * The amounts, in paise, follow from one another: R is given ₹1,000.00 and C ₹2,000.00; C activates 2 SIMs at
 * ₹120.00 (₹240.00: R earns 2 × ₹20.00, the provider 2 × ₹100.00); R transfers ₹50.00 to C; C tops up ₹25.00.
 */

let browser: Browser;
let staff: Page;
let reseller: Page;
let child: Page;

const suffix = uniqueSuffix();
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 910_000_000 + Math.floor(Math.random() * 800_000) * 100;
const sims = [simIdentity(base, 'AIRTEL'), simIdentity(base + 1, 'AIRTEL')];
const iccids = sims.map((s) => s.iccid);
const planName = `Telemetry 1 GB ${suffix}`;
const resellerUser = { email: `reseller.${suffix}@example.com`, password: 'Monsoon-Cobalt-Heron-2026' };
const childUser = { email: `fleet.${suffix}@example.com`, password: 'Turmeric-Glacier-Otter-4815' };

let R: { id: string; tradeName: string };
let C: { id: string; tradeName: string };
let cWallet: TWallet;
let planId = '';
let resellerBlueprintId = '';
let childBlueprintId = '';
let activationId = '';
let batchJobId = '';

const R_FUNDED = 100_000;
const C_FUNDED = 200_000;
const PRICE_R = 10_000;
const PRICE_C = 12_000;
const ACTIVATION = 2 * PRICE_C;
const MARGIN = 2 * (PRICE_C - PRICE_R);
const TRANSFER = 5_000;
const TOP_UP = 2_500;

type TGateway = { operator: string; adapter: 'simulator' | 'manual'; latencyMs: number; processingMs: number; failureRate: number };
let airtelBefore: TGateway | undefined;

beforeAll(async () => {
  // AIRTEL's simulator answers after a second, so that the activation is seen holding before it captures.
  airtelBefore = (await api<TGateway[]>('GET', '/operator-gateway')).find((g) => g.operator === 'AIRTEL');
  await api('PUT', '/operator-gateway/AIRTEL', { adapter: 'simulator', latencyMs: 100, processingMs: 1500, failureRate: 0 });

  R = await createOrganization(`Kaveri Resellers ${suffix}`);
  C = await createChildOrganization(`Tungabhadra Meters ${suffix}`, R.id);
  const resellerRole = await createRole({
    name: `Reseller desk ${suffix}`,
    organizationId: R.id,
    authScopes: scopesFrom({
      plans: ['allocate'],
      wallet: ['sendMoney', 'debitMoney', 'viewDetails', 'childWallets'],
      activation: ['addActivation'],
      transactions: [],
      organisation: [],
    }),
  });
  const childRole = await createRole({
    name: `Fleet desk ${suffix}`,
    organizationId: C.id,
    authScopes: scopesFrom({ plans: [], wallet: ['viewDetails'], activation: ['addActivation'], transactions: [], organisation: [] }),
  });
  await createUser({
    firstName: 'Rohan',
    lastName: `Kulkarni${suffix}`,
    email: resellerUser.email,
    role: resellerRole.id,
    organizationId: R.id,
    password: resellerUser.password,
  });
  await createUser({
    firstName: 'Chitra',
    lastName: `Nair${suffix}`,
    email: childUser.email,
    role: childRole.id,
    organizationId: C.id,
    password: childUser.password,
  });

  // Two SIMs into stock, allocated to C; both wallets funded by the provider (Send Money).
  expect(await uploadSims(sims, `money-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 2 });
  await api('PUT', '/sim/allocate', { iccids, organizationId: C.id });
  expect((await sendMoney(R.id, R_FUNDED, 'Opening float')).available).toBe(R_FUNDED);
  cWallet = await sendMoney(C.id, C_FUNDED, 'Opening float');
  expect(cWallet.available).toBe(C_FUNDED);

  browser = await connectBrowser();
  [staff, reseller, child] = await Promise.all([
    signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD),
    signedInPage(browser, resellerUser.email, resellerUser.password),
    signedInPage(browser, childUser.email, childUser.password),
  ]);
});

afterAll(async () => {
  if (airtelBefore) {
    const { adapter, latencyMs, processingMs, failureRate } = airtelBefore;
    await api('PUT', '/operator-gateway/AIRTEL', { adapter, latencyMs, processingMs, failureRate }).catch(() => {});
  }
  await browser?.close();
});

/** A data-grid row holding `text` (inside `scope`, or anywhere on the page). */
const gridRow = (scope: Page | ReturnType<Page['locator']>, text: string) => scope.locator('.MuiDataGrid-row').filter({ hasText: text });

/** Picks an organisation in an organisation combobox by typing its name. */
async function chooseOrganization(page: Page, label: string, name: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

/** A full-page screenshot from the top (the header stays in place: scrolled, it would land mid-page). */
async function shot(page: Page, name: string, options: { settle?: number } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(options.settle ?? 300);
  await page.screenshot({ path: `/tmp/money-${name}.png`, fullPage: true });
}

/** The own-wallet summary card of an organisation user's /wallet (a region named after the organisation). */
const summaryOf = (page: Page, tradeName: string) => page.getByRole('region', { name: tradeName, exact: true });

describe('money in the console', () => {
  it('shares a plan down two levels: staff to the reseller at ₹100, the reseller to its child at ₹120 with a ₹20 margin', async () => {
    // Staff add the plan.
    await navigate(staff, '/plans');
    await staff.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
    await staff.getByRole('link', { name: 'Add plan' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Add plan' }).waitFor();
    await staff.getByRole('textbox', { name: 'Name' }).fill(planName);
    await staff.getByRole('textbox', { name: 'Description' }).fill('Telemetry SIMs: 1 GB and 100 SMS for 30 days');
    await staff.getByRole('checkbox', { name: 'AIRTEL' }).check();
    await staff.getByRole('textbox', { name: 'Data allowance' }).fill('1024');
    await staff.getByRole('textbox', { name: 'SMS' }).fill('100');
    await staff.getByRole('textbox', { name: 'Validity' }).fill('30');
    await staff.getByRole('textbox', { name: 'Base price' }).fill('100');
    // What is saved is never in doubt: the rupees typed, as paise.
    await staff.getByText('10,000 paise').waitFor();
    await shot(staff, 'plan-add');
    await staff.getByRole('button', { name: 'Create plan' }).click();
    await staff.waitForURL((url) => url.pathname === '/plans');
    await staff.getByText('Plan created').first().waitFor();

    await staff.getByRole('textbox', { name: 'Search', exact: true }).fill(planName);
    const planRow = gridRow(staff, planName);
    await planRow.waitFor();
    expect(await planRow.innerText()).toMatch(/AIRTEL[\s\S]*1 GB[\s\S]*100[\s\S]*30 days[\s\S]*₹100\.00[\s\S]*Bar[\s\S]*Active/);
    await shot(staff, 'plans');

    // …and share it to R at ₹100.00: the provider's margin over its base price is nil.
    await planRow.getByRole('link', { name: `Share ${planName}` }).click();
    await staff.waitForURL(/\/plans\/share\/[0-9a-f]{24}$/);
    planId = staff.url().split('/').pop()!;
    await staff.getByRole('heading', { level: 1, name: 'Share plan' }).waitFor();
    await chooseOrganization(staff, 'Organisation', R.tradeName);
    await staff.getByRole('textbox', { name: 'Price per SIM' }).fill('100');
    await staff.getByText('Margin: ₹0.00 per SIM (the price less ₹100.00)').waitFor();
    await staff.getByRole('button', { name: 'Share', exact: true }).click();
    await staff.getByText('Plan shared').first().waitFor();
    const toR = gridRow(staff.getByTestId('plan-shares'), R.tradeName);
    await toR.waitFor();
    expect(await toR.innerText()).toMatch(/₹100\.00[\s\S]*₹0\.00/);
    await shot(staff, 'plan-share-staff');

    // R sees the plan at its own price and shares it on to C at ₹120.00: the margin shows as the price is typed.
    await navigate(reseller, '/plans');
    await reseller.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
    const heldByR = gridRow(reseller, planName);
    await heldByR.waitFor();
    expect(await reseller.getByRole('columnheader', { name: 'Your price' }).count()).toBe(1);
    expect(await heldByR.innerText()).toContain('₹100.00');
    await heldByR.getByRole('link', { name: `Share ${planName}` }).click();
    await reseller.waitForURL(/\/plans\/share\/[0-9a-f]{24}$/);
    resellerBlueprintId = reseller.url().split('/').pop()!;
    await reseller.getByText('You can share it with organisations directly below yours, at your price or more.').waitFor();
    await chooseOrganization(reseller, 'Organisation', C.tradeName);
    const price = reseller.getByRole('textbox', { name: 'Price per SIM' });
    await price.fill('120');
    await reseller.getByText('Margin: ₹20.00 per SIM (the price less ₹100.00)').waitFor();
    await shot(reseller, 'plan-share-reseller-form');
    await reseller.getByRole('button', { name: 'Share', exact: true }).click();
    await reseller.getByText('Plan shared').first().waitFor();
    const toC = gridRow(reseller.getByTestId('plan-shares'), C.tradeName);
    await toC.waitFor();
    const toCText = await toC.innerText();
    expect(toCText).toMatch(/₹120\.00[\s\S]*₹20\.00/);
    await shot(reseller, 'plan-share-reseller');

    // What the server holds: R's price ₹100.00 from the provider, C's ₹120.00 from R.
    const shares = await api<{ id: string; organizationId: string; price: number; parentBlueprintId: string | null }[]>(
      'GET',
      `/plans/share?planId=${planId}`,
    );
    const sharedToR = shares.find((s) => s.organizationId === R.id);
    const sharedToC = shares.find((s) => s.organizationId === C.id);
    expect(sharedToR).toMatchObject({ id: resellerBlueprintId, price: PRICE_R, parentBlueprintId: null });
    expect(sharedToC).toMatchObject({ price: PRICE_C, parentBlueprintId: resellerBlueprintId });
    childBlueprintId = sharedToC!.id;

    // C sees the plan at its own price only.
    await navigate(child, '/plans');
    await child.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
    const heldByC = gridRow(child, planName);
    await heldByC.waitFor();
    const heldByCText = await heldByC.innerText();
    expect(heldByCText).toContain('₹120.00');
    expect(heldByCText).not.toContain('₹100.00');
    await shot(child, 'plans-child');
  });

  it('activates SIMs from the add screen: price × SIMs against the wallet, then every hold captured and the margin earned', async () => {
    expect(childBlueprintId, 'the plan shared to C by the first test').not.toBe('');
    await navigate(child, '/activation/add');
    await child.getByRole('heading', { level: 1, name: 'Add Activation' }).waitFor();
    await child.getByRole('combobox', { name: 'Plan' }).click();
    const option = child.getByRole('option', { name: new RegExp(planName) });
    expect(await option.innerText()).toContain('₹120.00 per SIM');
    await option.click();
    expect(await child.getByTestId('buyer-wallet').innerText()).toBe(`Wallet of ${C.tradeName}: ₹2,000.00 available`);
    await child.getByRole('textbox', { name: 'ICCIDs' }).fill(iccids.join('\n'));
    await child.getByRole('button', { name: 'Check SIMs' }).click();
    const cost = child.getByTestId('cost-summary');
    await cost.waitFor();
    expect(await cost.getByTestId('cost-price').innerText()).toBe('₹120.00');
    expect(await cost.getByTestId('cost-sims').innerText()).toBe('2');
    expect(await cost.getByTestId('cost-amount').innerText()).toBe('₹120.00 × 2 = ₹240.00');
    expect(await cost.getByTestId('cost-available').innerText()).toBe('₹2,000.00');
    expect(await cost.getByTestId('cost-after').innerText()).toBe('₹1,760.00');
    await shot(child, 'activation-add');

    await child.getByRole('button', { name: 'Activate 2 SIMs for ₹240.00' }).click();
    const confirm = child.getByRole('dialog', { name: 'Activate the SIMs?' });
    expect(await confirm.innerText()).toContain(`₹240.00 is held on the wallet of ${C.tradeName} now, and 2 SIMs get ${planName}.`);
    await confirm.getByRole('button', { name: 'Hold the money and activate' }).click();
    await child.waitForURL(/\/activation\/[0-9a-f]{24}$/);
    activationId = child.url().split('/').pop()!;
    await child.getByRole('heading', { level: 1, name: /^Activation BJ\d{8}$/ }).waitFor();
    batchJobId = (await child.getByRole('heading', { level: 1 }).innerText()).replace('Activation ', '');
    expect(await child.getByTestId('amount-held').innerText()).toBe('₹240.00');
    await shot(child, 'activation-running');

    // Once the operator's simulator has answered for both SIMs, the page (reading itself again) shows it all charged.
    await expect.poll(async () => await child.getByTestId('amount-captured').innerText(), { timeout: 30_000 }).toBe('₹240.00');
    await expect.poll(async () => await child.getByTestId('amount-remaining').innerText()).toBe('₹0.00');
    expect(await child.getByTestId('amount-released').innerText()).toBe('₹0.00');
    await child.getByText('Charged', { exact: true }).first().waitFor();
    await shot(child, 'activation-captured');

    // The server agrees: both SIMs active with the plan; C paid ₹240.00 from its hold.
    for (const iccid of iccids) {
      const sim = await api<{ status: string; planId: string | null; activatedAt: string | null; expiresAt: string | null }>(
        'GET',
        `/sim/${iccid}`,
      );
      expect(sim).toMatchObject({ status: 'ACTIVE', planId });
      // The plan's validity: 30 days from activation.
      expect(Date.parse(sim.expiresAt!) - Date.parse(sim.activatedAt!)).toBe(30 * 86_400_000);
    }
    expect(await walletOf(C.id)).toMatchObject({ balance: C_FUNDED - ACTIVATION, blocked: 0, available: C_FUNDED - ACTIVATION });

    // R earned its margin: 2 SIMs × ₹20.00, on its wallet and in its statement, as R opens the console.
    await reseller.goto('/wallet');
    await reseller.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
    const summary = summaryOf(reseller, R.tradeName);
    await summary.waitFor();
    expect(await summaryFigure(summary, 'Available')).toBe(R_FUNDED + MARGIN);
    expect(await summaryFigure(summary, 'Balance')).toBe(R_FUNDED + MARGIN);
    await expectHeaderWallet(reseller, R_FUNDED + MARGIN);
    const statement = reseller.getByRole('tabpanel');
    await gridRow(statement, 'Activation').first().waitFor();
    const earned = await gridRow(statement, 'Activation').allInnerTexts();
    for (const row of earned) expect(row).toContain(batchJobId);
    // Each row's signed amount (the balance after it has no sign).
    const amounts = earned.map((row) => paiseOf(/[+−-]₹[\d,]+\.\d{2}/.exec(row)![0]));
    expect(amounts.every((a) => a > 0)).toBe(true);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(MARGIN);
    await shot(reseller, 'wallet-reseller');
  });

  it('transfers ₹50.00 to a child wallet: the reseller’s header chip drops by ₹50.00 without a reload', async () => {
    expect(activationId, 'the activation of the second test').not.toBe('');
    await navigate(reseller, '/wallet');
    await reseller.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
    const before = R_FUNDED + MARGIN;
    await expectHeaderWallet(reseller, before);
    // A mark in the page: gone if the page were loaded again.
    await reseller.evaluate(() => {
      (window as unknown as { moneyMark: string }).moneyMark = 'same page';
    });

    const children = reseller.getByRole('grid', { name: 'Child wallets' });
    const row = gridRow(children, C.tradeName);
    await row.waitFor();
    expect(await row.innerText()).toContain('₹1,760.00');
    await row.getByRole('button', { name: `Transfer money to ${C.tradeName}` }).click();
    const dialog = reseller.getByRole('dialog', { name: `Transfer money to ${C.tradeName}` });
    expect(await dialog.innerText()).toContain(`From ${R.tradeName} (available ₹1,040.00) to ${C.tradeName}.`);
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('50');
    await dialog.getByText('5,000 paise').waitFor();
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Float for the monsoon installs');
    await shot(reseller, 'transfer-dialog');
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await reseller.getByText('Money transferred').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await expectHeaderWallet(reseller, before - TRANSFER);
    expect(await headerWallet(reseller).innerText()).toBe('₹990.00');
    expect(await reseller.evaluate(() => (window as unknown as { moneyMark?: string }).moneyMark)).toBe('same page');
    // The page's own figures follow too: R's summary and C's row.
    await expect.poll(async () => await summaryFigure(summaryOf(reseller, R.tradeName), 'Available')).toBe(before - TRANSFER);
    await expect.poll(async () => await row.innerText()).toContain('₹1,810.00');
    await shot(reseller, 'wallet-after-transfer');

    expect((await walletOf(R.id)).available).toBe(before - TRANSFER);
    expect((await walletOf(C.id)).available).toBe(C_FUNDED - ACTIVATION + TRANSFER);
  });

  it('tops up ₹25.00 through the PayU simulator: back on /wallet with a success message and the chip up by ₹25.00', async () => {
    const before = C_FUNDED - ACTIVATION + TRANSFER;
    await child.goto('/wallet');
    await child.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
    await expectHeaderWallet(child, before);
    await child.getByRole('button', { name: 'Top up' }).click();
    const dialog = child.getByRole('dialog', { name: 'Top up the wallet' });
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('25');
    await dialog.getByText('2,500 paise').waitFor();
    await shot(child, 'topup-dialog');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    // The gateway's page (the simulator that stands in for PayU's hosted checkout).
    await child.waitForURL((url) => url.pathname === '/payu-simulator');
    await child.getByRole('heading', { level: 1, name: 'PayU simulator' }).waitFor();
    expect(await child.locator('dd.amount').innerText()).toBe('₹25.00');
    const txnid = await child.locator('dt', { hasText: 'Transaction' }).locator('xpath=following-sibling::dd[1]').innerText();
    await shot(child, 'payu-simulator', { settle: 0 });
    await child.getByRole('button', { name: 'Pay ₹25.00' }).click();

    await child.waitForURL((url) => url.pathname === '/wallet');
    await child.getByText(`Payment received: the wallet is topped up (transaction ${txnid})`).waitFor();
    await expectHeaderWallet(child, before + TOP_UP);
    expect(await headerWallet(child).innerText()).toBe('₹1,835.00');
    // The outcome left the address, so a reload does not say it twice.
    await child.waitForURL((url) => url.pathname === '/wallet' && !url.searchParams.has('topup'));
    const statement = child.getByRole('tabpanel');
    const topUpRow = gridRow(statement, 'Top-up');
    await topUpRow.waitFor();
    expect(await topUpRow.innerText()).toContain('+₹25.00');
    await shot(child, 'wallet-topped-up');
    expect((await walletOf(C.id)).available).toBe(before + TOP_UP);
  });

  it("exports C's transactions from the report as CSV: every entry of C, in rupees and in paise", async () => {
    await navigate(staff, '/report/transactions');
    await staff.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await chooseOrganization(staff, 'Organisation', C.tradeName);
    await staff.waitForURL((url) => url.searchParams.get('organizationId') === C.id);
    const grid = staff.getByTestId('report-transactions');
    // The rows of the filter once it has been read: C's entries only, the top-up among them.
    const rows = () => grid.locator('.MuiDataGrid-row').allInnerTexts();
    await expect
      .poll(async () => {
        const texts = await rows();
        return texts.length > 0 && texts.every((t) => t.includes(C.tradeName)) && texts.some((t) => t.includes('TOPUP'));
      })
      .toBe(true);
    const shown = await rows();
    await shot(staff, 'transactions');

    const download = staff.waitForEvent('download');
    await staff.getByRole('button', { name: 'Export' }).click();
    await staff.getByRole('menuitem', { name: 'Export as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    // Read through the connection (the browser runs apart from the test).
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    // Below the rows that describe the file (the report, its filters, when and by whom): the table.
    const records = parseCsv(Buffer.concat(chunks).toString('utf8'));
    expect(records[0]).toEqual(['Report', 'Transactions']);
    expect(records.find((r) => r[0] === 'Filter: Organisation')?.[1]).toBe(`${C.tradeName} (${C.id})`);
    const [header, ...lines] = records.slice(records.findIndex((r) => r.length === 1 && r[0] === '') + 1);
    const col = (name: string) => {
      const i = header!.indexOf(name);
      expect(i, `column ${name} in ${header}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    const [org, orgId, type, rupees, paise, afterRupees, afterPaise] = [
      'Organisation',
      'Organisation id',
      'Type',
      'Amount (₹)',
      'Amount (paise)',
      'Balance after (₹)',
      'Balance after (paise)',
    ].map(col) as [number, number, number, number, number, number, number];

    // The file holds C's entries only, as many as the report lists, each amount the same in rupees and in paise.
    expect(lines.length).toBe(shown.length);
    for (const r of lines) {
      expect(r[org]).toBe(C.tradeName);
      expect(r[orgId]).toBe(C.id);
      expect(r[paise]).toMatch(/^-?\d+$/);
      expect(r[rupees]).toBe(rupeeString(Number(r[paise])));
      expect(r[afterRupees]).toBe(rupeeString(Number(r[afterPaise])));
    }
    const sumOf = (t: string) => lines.filter((r) => r[type] === t).reduce((sum, r) => sum + Number(r[paise]), 0);
    expect(sumOf('ADD')).toBe(C_FUNDED);
    expect(sumOf('CAPTURE')).toBe(-ACTIVATION);
    expect(sumOf('TRANSFER')).toBe(TRANSFER);
    expect(sumOf('TOPUP')).toBe(TOP_UP);
    expect(new Set(lines.map((r) => r[type]))).toEqual(new Set(['ADD', 'CAPTURE', 'TRANSFER', 'TOPUP']));
    // Newest first: the first row's balance is the wallet's balance now.
    expect(Number(lines[0]![afterPaise])).toBe((await walletOf(C.id)).balance);
    expect(lines.find((r) => r[type] === 'TOPUP')![rupees]).toBe('25.00');
    expect(lines.find((r) => r[type] === 'ADD')![rupees]).toBe('2000.00');
  });

  it('photographs the other money screens (desktop, English) and /wallet in Hindi', async () => {
    expect(childBlueprintId, 'the shares of the first test').not.toBe('');
    const screens: [Page, string, string][] = [
      [staff, `/plans/edit/${planId}`, 'plan-edit'],
      [staff, `/plans/share/edit/${resellerBlueprintId}`, 'share-edit'],
      [staff, '/all-wallet', 'all-wallets'],
      [staff, '/wallet', 'wallet-staff'],
      [staff, `/wallet/${cWallet.id}`, 'wallet-view-staff'],
      [staff, '/activation', 'activations-staff'],
      [child, '/activation', 'activations-child'],
      [reseller, `/plans/share/edit/${childBlueprintId}`, 'share-edit-reseller'],
    ];
    for (const [page, path, name] of screens) {
      await navigate(page, path);
      await waitForScreen(page, path);
      await shot(page, name);
    }
    // Hindi: the console's own language setting, then the page loaded again.
    await child.evaluate(() => localStorage.setItem('language', 'hi'));
    try {
      await child.goto('/wallet');
      await child.getByTestId('header-wallet').waitFor();
      expect(await child.evaluate(() => document.documentElement.lang)).toBe('hi');
      await waitForScreen(child, '/wallet');
      expect(await headerWallet(child).innerText()).toBe('₹1,835.00');
      await shot(child, 'wallet-hi');
    } finally {
      await child.evaluate(() => localStorage.setItem('language', 'en'));
    }
  });
});
