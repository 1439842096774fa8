import { randomUUID } from 'node:crypto';
import { addDays, indiaDay } from '@tarang/shared/common/india-days';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import { BYTES_PER_MB, type TSimUsage, type TUsageIngest } from '@tarang/shared/sims/usage.schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, uniqueSuffix, until, uploadSims } from './support/api';
import { connectBrowser, navigate, seriousAxeViolations, signedInPage } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * SIM diagnosis in a real browser against the real server and its simulated operators (issue 16): a SIM that is
 * suspended is looked up by its MSISDN, the page shows its status failing with Resume as the fix, the fix resumes it,
 * and Refresh shows the operator holding it active and the SIM registered. A second SIM, activated on a plan by hand at
 * the operator's portal, has yesterday's usage ingested: SIM details draws it as the API answers it, and the diagnosis
 * weighs the plan's allowance and the wallet against its renewal. Screens are photographed into /tmp/diagnosis-*.png.
 */

let browser: Browser;
let page: Page;

const suffix = uniqueSuffix();
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 940_000_000 + Math.floor(Math.random() * 800_000) * 100;
const sim = simIdentity(base, 'AIRTEL');
const usageSim = simIdentity(base + 1, 'AIRTEL');
let organizationId = '';
type TGateway = { operator: string; adapter: 'simulator' | 'manual'; latencyMs: number; processingMs: number; failureRate: number };
let gatewaysBefore: TGateway[] = [];

async function requestAndWait(type: string): Promise<void> {
  const created = await api<{ request: { jobId: string; batchJobId: string } }>(
    'POST',
    '/request',
    { type, iccids: [sim.iccid] },
    { 'idempotency-key': randomUUID() },
  );
  await until(
    `${type} ${created.request.batchJobId}`,
    () => api<{ status: string }>('GET', `/job-batch/${created.request.jobId}/progress`),
    (p) => p.status === 'COMPLETED',
  );
}

beforeAll(async () => {
  gatewaysBefore = await api<TGateway[]>('GET', '/operator-gateway');
  await api('PUT', '/operator-gateway/AIRTEL', { adapter: 'simulator', latencyMs: 100, processingMs: 1000, failureRate: 0, outage: false });
  expect(await uploadSims([sim, usageSim], `diagnosis-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 2 });
  const org = await createOrganization(`Krishna Telemetry ${suffix}`);
  organizationId = org.id;
  await api('PUT', '/sim/allocate', { iccids: [sim.iccid, usageSim.iccid], organizationId: org.id });
  await requestAndWait('ACTIVATE');
  await api('POST', '/operator-gateway/AIRTEL/network-condition', { iccids: [sim.iccid], condition: 'NORMAL' });
  await requestAndWait('SUSPEND');
  browser = await connectBrowser();
  page = await signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
});

afterAll(async () => {
  for (const g of gatewaysBefore) {
    const { adapter, latencyMs, processingMs, failureRate } = g;
    await api('PUT', `/operator-gateway/${g.operator}`, { adapter, latencyMs, processingMs, failureRate }).catch(() => {});
  }
  await browser?.close();
});

const setGateway = (operator: string, settings: Partial<TGateway>) => {
  const { adapter, latencyMs, processingMs, failureRate } = { ...gatewaysBefore.find((g) => g.operator === operator)!, ...settings };
  return api('PUT', `/operator-gateway/${operator}`, { adapter, latencyMs, processingMs, failureRate });
};

async function shot(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/diagnosis-${name}.png`, fullPage: true });
}

const checkRow = (key: string) => page.locator(`li[data-check="${key}"]`);

describe('SIM diagnosis in the console', () => {
  it('a suspended SIM: its status fails with Resume as the fix, the fix resumes it, and Refresh shows it on the network', async () => {
    await navigate(page, '/sim-diagnosis');
    await page.getByRole('heading', { level: 1, name: 'Sim Diagnosis' }).waitFor();
    // Looked up by its number, typed with spaces.
    await page.getByRole('textbox', { name: 'ICCID, MSISDN or IMSI' }).fill(sim.msisdn.replace(/^(\+91)(\d{5})/, '$1 $2 '));
    await page.getByRole('button', { name: 'Diagnose' }).click();
    const status = checkRow('PROVIDER_STATUS');
    await status.waitFor();
    expect(await status.getAttribute('data-outcome')).toBe('FAIL');
    expect(await status.innerText()).toContain('The SIM is suspended: it cannot reach the network');
    await page.getByText('The operators have not been asked about this SIM yet').waitFor();
    await shot('suspended');

    await status.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('dialog', { name: 'Resume?' }).getByRole('button', { name: 'Resume' }).click();
    await page
      .getByText(/^Request BJ\d+ created$/)
      .first()
      .waitFor();
    // The operator carries it out; the page is read again until the status passes.
    await expect
      .poll(
        async () => {
          await page.reload();
          await status.waitFor();
          return await status.getAttribute('data-outcome');
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('PASS');

    await page.getByRole('button', { name: 'Refresh', exact: true }).first().click();
    await page.getByText('The operators answered').first().waitFor();
    const network = checkRow('REGISTRATION');
    await expect.poll(async () => await network.getAttribute('data-outcome')).toBe('PASS');
    expect(await network.innerText()).toContain('Registered on AIRTEL (404-45)');
    expect(await checkRow('OPERATOR_PROVISIONING').getAttribute('data-outcome')).toBe('PASS');
    // Still failing: the plan (this SIM was activated without one), said as such.
    expect(await checkRow('PLAN').innerText()).toContain('No plan on the SIM');
    await shot('resumed');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // On a phone the checks wrap under their icon, their fixes below them.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Fetch Device Details on the SIM's page: the IMEI the operator saw, and its simulated make.
    await page.getByRole('link', { name: sim.iccid }).click();
    await page.waitForURL((url) => url.pathname === '/sim-details');
    await page.getByRole('button', { name: 'Fetch Device Details' }).click();
    const device = page.getByRole('dialog', { name: 'Device details' }).getByTestId('device-details');
    await device.waitFor();
    expect(await device.innerText()).toMatch(/IMEI\s*\d{15}[\s\S]*Tarang simulator/);
    await shot('device-details');
  });

  it("SIM details draws yesterday's usage as the API answers it; the diagnosis weighs the allowance and the wallet", async () => {
    // A plan for the organisation, and just the money for one activation: the renewal finds the wallet empty.
    const plan = await api<{ id: string }>('POST', '/plans', {
      name: `Meter plan ${suffix}`,
      operators: ['AIRTEL'],
      dataMb: 1024,
      smsCount: 100,
      validityDays: 30,
      basePrice: 10_000,
      overLimitAction: 'BAR',
    });
    const blueprint = await api<{ id: string }>('POST', '/plans/share', { planId: plan.id, organizationId, price: 12_000 });
    const [wallet] = await api<{ id: string }[]>('GET', `/wallet?organizationId=${organizationId}`);
    await api('PUT', `/wallet/add/${wallet!.id}`, { amount: 12_000, reason: 'One activation' }, { 'idempotency-key': randomUUID() });

    // Activated by hand at AIRTEL's portal: the simulated operator has it on its network from before yesterday, so it
    // reports yesterday's use (a SIM it activated itself today would have none).
    await setGateway('AIRTEL', { adapter: 'manual' });
    try {
      const made = await api<{ activation: { request: { batchJobId: string; jobId: string } } }>(
        'POST',
        '/activation',
        { blueprintId: blueprint.id, iccids: [usageSim.iccid] },
        { 'idempotency-key': randomUUID() },
      );
      const { batchJobId, jobId } = made.activation.request;
      const [mnoJob] = await until(
        `MNO job of ${batchJobId}`,
        () => api<{ id: string; status: string }[]>('GET', `/mno-job?batchJobId=${batchJobId}`),
        (jobs) => jobs.some((j) => j.status === 'WAITING_OPERATOR'),
      );
      await api('PUT', `/mno-job/${mnoJob!.id}/mark-done`, { note: 'Activated at the portal' });
      await until(
        `activation ${batchJobId}`,
        () => api<{ status: string }>('GET', `/job-batch/${jobId}/progress`),
        (p) => p.status === 'COMPLETED',
      );
    } finally {
      await setGateway('AIRTEL', { adapter: 'simulator' });
    }
    await api('POST', '/operator-gateway/AIRTEL/network-condition', { iccids: [usageSim.iccid], condition: 'NORMAL' });

    // Yesterday (India) ingested now, as staff ask for it.
    const yesterday = addDays(indiaDay(new Date()), -1);
    const asked = Date.now() - 1000;
    await api('POST', '/sim/usage/ingest', { day: yesterday });
    await until(
      `usage ingest of ${yesterday}`,
      () => api<TUsageIngest[]>('GET', '/sim/usage/ingest'),
      (days) => days.some((d) => d.day === yesterday && d.finishedAt !== null && Date.parse(d.startedAt) >= asked),
    );
    const usage = await api<TSimUsage>('GET', `/sim/usage?iccid=${usageSim.iccid}`);
    const day = usage.days.find((d) => d.day === yesterday)!;
    expect(day.reported).toBe(true);
    expect(usage.days).toHaveLength(30);

    // MB with one decimal; some kilobytes are "< 0.1".
    const mb = (bytes: number) =>
      bytes > 0 && bytes / BYTES_PER_MB < 0.05
        ? '< 0.1'
        : new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / BYTES_PER_MB);
    const [y, m, d] = yesterday.split('-');
    await navigate(page, `/sim-details?number=${usageSim.iccid}`);
    const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Usage', exact: true }) });
    await card.getByTestId('usage-chart').waitFor();
    expect(await card.getByTestId('usage-total').innerText()).toBe(
      `Last 30 days: ${mb(day.bytesUp + day.bytesDown)} MB · ${day.smsMo} SMS sent · ${day.smsMt} received`,
    );
    expect(await card.getByText(`Usage as of ${d}/${m}/${y}`).isVisible()).toBe(true);
    // The chart names yesterday (its last day) and draws its bars.
    expect(await card.getByTestId('usage-chart').locator('text').allTextContents()).toContain(`${d}/${m}`);
    expect(await card.getByTestId('usage-chart').locator('.MuiBarChart-element').count()).toBeGreaterThan(0);
    // What it draws, as screen readers read it: yesterday's row holds the API's figures.
    const table = card.getByRole('table', { name: 'Usage per day, last 30 days' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${d}/${m}/${y}` }) });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      mb(day.bytesDown),
      mb(day.bytesUp),
      String(day.smsMo),
      String(day.smsMt),
    ]);
    // Pointing at yesterday's bar shows the same figures.
    const bars = card
      .getByTestId('usage-chart')
      .locator('svg', { has: page.locator('.MuiBarChart-element') })
      .first();
    await bars.scrollIntoViewIfNeeded();
    const surface = (await bars.boundingBox())!;
    await page.mouse.move(surface.x + surface.width / 2, surface.y + surface.height / 2);
    // The last of 30 days, between the MB axis (56 px) and the right margin (20 px).
    const band = (surface.width - 56 - 20) / 30;
    await page.mouse.move(surface.x + surface.width - 20 - band / 2, surface.y + surface.height / 2, { steps: 5 });
    const tooltip = page.locator('.MuiChartsTooltip-root');
    await tooltip.waitFor();
    const said = await tooltip.innerText();
    expect(said).toContain(`${d}/${m}`);
    expect(said).toContain(`${mb(day.bytesDown)} MB`);
    expect(said).toContain(`${mb(day.bytesUp)} MB`);
    await page.mouse.move(0, 0);
    // The plan's allowance: nothing counted yet (its period began today).
    const allowance = card.getByTestId('usage-allowance');
    expect(await allowance.innerText()).toContain(`Plan Meter plan ${suffix}`);
    expect(await allowance.innerText()).toMatch(/Used 0\.0 of 1,024 MB · 0 of 100 SMS · period \d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}/);
    expect(await allowance.innerText()).toContain('Barred past the allowance');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot('usage');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('usage-phone');
    await page.waitForTimeout(1000);
    await card.screenshot({ path: '/tmp/diagnosis-usage-card-phone.png' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The diagnosis: within the allowance, and the wallet short of the renewal, with Add money.
    await page.getByRole('link', { name: 'Diagnose' }).click();
    await page.waitForURL((url) => url.pathname === '/sim-diagnosis');
    const allowanceCheck = checkRow('ALLOWANCE');
    await allowanceCheck.waitFor();
    expect(await allowanceCheck.getAttribute('data-outcome')).toBe('PASS');
    expect(await allowanceCheck.innerText()).toContain('Used 0.0 of 1024 MB and 0 of 100 SMS');
    expect(await allowanceCheck.innerText()).toContain(`Usage as of: ${d}/${m}/${y}`);
    const walletCheck = checkRow('WALLET');
    expect(await walletCheck.getAttribute('data-outcome')).toBe('WARN');
    expect(await walletCheck.innerText()).toContain("The organisation's wallet holds ₹0.00, less than the next renewal at ₹120.00");
    expect(await walletCheck.getByRole('link', { name: 'Add money' }).getAttribute('href')).toBe(
      `/wallet?organizationId=${organizationId}`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot('wallet');

    // In Hindi.
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.goto(`/sim-details?number=${usageSim.iccid}`);
    const hindiCard = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'उपयोग', exact: true }) });
    await hindiCard.getByTestId('usage-chart').waitFor();
    expect(await hindiCard.getByTestId('usage-total').innerText()).toContain(`पिछले 30 दिन: ${mb(day.bytesUp + day.bytesDown)} एमबी`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot('usage-hi');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
