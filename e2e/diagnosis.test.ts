import { randomUUID } from 'node:crypto';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, uniqueSuffix, until, uploadSims } from './support/api';
import { connectBrowser, navigate, seriousAxeViolations, signedInPage } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * SIM diagnosis in a real browser against the real server and its simulated operators (issue 16): a SIM that is
 * suspended is looked up by its MSISDN, the page shows its status failing with Resume as the fix, the fix resumes it,
 * and Refresh shows the operator holding it active and the SIM registered. Screens are photographed into
 * /tmp/diagnosis-*.png.
 */

let browser: Browser;
let page: Page;

const suffix = uniqueSuffix();
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 940_000_000 + Math.floor(Math.random() * 800_000) * 100;
const sim = simIdentity(base, 'AIRTEL');
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
  expect(await uploadSims([sim], `diagnosis-${suffix}.csv`)).toMatchObject({ status: 'DONE', succeeded: 1 });
  const org = await createOrganization(`Krishna Telemetry ${suffix}`);
  await api('PUT', '/sim/allocate', { iccids: [sim.iccid], organizationId: org.id });
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
});
