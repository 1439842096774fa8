import { randomUUID } from 'node:crypto';
import { MODULES } from '@tarang/shared/modules/module-catalogue';
import { permissionsFromScopes } from '@tarang/shared/roles/auth-scopes';
import { DEFAULT_ROLES } from '@tarang/shared/roles/default-roles';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import { luhnCheckDigit } from '@tarang/shared/sims/identifiers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi as api,
  createOrganization,
  createRole,
  createUser,
  uniquePhoneDigits,
  uniqueSuffix,
  until,
  uploadSims,
} from './support/api';
import { connectBrowser, navigate, seriousAxeViolations, sidebarModulePaths, signedInPage, waitForScreen } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * The accessibility sweep: every screen of the sidebar, as the Super Admin and as an organisation admin, in English
 * and Hindi, on a desktop (1440×900) and a phone (390×844), with rows in the tables and status chips of every colour
 * on screen, has no serious or critical axe violation. The screens come from the module catalogue that the sidebar
 * itself is built from, and each user's sidebar as the browser shows it must list exactly the screens the sweep
 * checked: a screen added to the sidebar is swept the day it lands, and one the sweep did not reach fails it.
 */

const suffix = uniqueSuffix();
// Serials of this run's SIMs: far from the demo generator's and the other browser tests'.
const base = 760_000_000 + Math.floor(Math.random() * 900_000) * 100;
const OPERATORS = ['AIRTEL', 'BSNL', 'VI'] as const;
const sims = Array.from({ length: 24 }, (_, i) => simIdentity(base + i, OPERATORS[i % 3]!));
const iccids = sims.map((s) => s.iccid);
const byOperator = (operator: string, list: string[]) => list.filter((iccid) => sims.find((s) => s.iccid === iccid)!.operator === operator);

const orgAdmin = { email: `kiran.${suffix}@example.com`, password: 'Tamarind-Kite-9274-Monsoon' };
const ORG_ADMIN_SCOPES = DEFAULT_ROLES.find((r) => r.name === 'Org Admin')!.authScopes;

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
const LANGUAGES = ['en', 'hi'] as const;

/** The sidebar's screens for a user, from the catalogue the sidebar is built from (dashboard is everyone's). */
function sidebarScreens(permissions: ReadonlySet<string> | 'all'): string[] {
  return MODULES.filter((m) => m.inMenu && (permissions === 'all' || m.id === 'dashboard' || permissions.has(m.id))).map((m) => m.path);
}

type TRequest = { id: string; jobId: string; batchJobId: string };

async function makeRequest(body: Record<string, unknown>): Promise<TRequest> {
  const created = await api<{ request: TRequest }>(
    'POST',
    '/request',
    { proceedWithValid: true, ...body },
    { 'idempotency-key': randomUUID() },
  );
  return created.request;
}

async function waitForJob(request: TRequest, done: (status: string) => boolean) {
  await until(
    `job ${request.batchJobId}`,
    () => api<{ status: string }>('GET', `/job-batch/${request.jobId}/progress`),
    (p) => done(p.status),
  );
}

type TGateway = { operator: string; adapter: 'simulator' | 'manual'; latencyMs: number; processingMs: number; failureRate: number };
let gatewaysBefore: TGateway[] = [];

async function setGateway(operator: string, settings: Partial<Omit<TGateway, 'operator'>>) {
  await api('PUT', `/operator-gateway/${operator}`, settings);
}

/**
 * Data for every screen: SIMs in stock, allocated, active, suspended and pending; requests completed, partial,
 * failed, waiting for an operator, scheduled and cancelled; a SIM replaced; a device holding a SIM and one in the
 * inventory; a ticket; an organisation with a child, its own role and admin.
 */
async function seedScreens() {
  gatewaysBefore = await api<TGateway[]>('GET', '/operator-gateway');
  for (const operator of OPERATORS) {
    await setGateway(operator, { adapter: 'simulator', latencyMs: 0, processingMs: 0, failureRate: 0 });
  }
  const uploaded = await uploadSims(sims, `sweep-${suffix}.csv`);
  expect(uploaded).toMatchObject({ status: 'DONE', succeeded: sims.length });

  const org = await createOrganization(`Sweep Telemetry ${suffix}`);
  await api('POST', '/organization', { tradeName: `Sweep Branch ${suffix}`, brandName: 'Sweep Branch', email: null, parentId: org.id });
  // Four stay in stock; four are only allocated; the rest are activated and then worked on.
  await api('PUT', '/sim/allocate', { iccids: iccids.slice(4), organizationId: org.id });
  const worked = iccids.slice(8);
  await waitForJob(await makeRequest({ type: 'ACTIVATE', iccids: worked }), (s) => s === 'COMPLETED');
  // COMPLETED: a suspension the operators carry out.
  await waitForJob(
    await makeRequest({ type: 'SUSPEND', iccids: worked.slice(0, 3), reason: 'Depot maintenance' }),
    (s) => s === 'COMPLETED',
  );
  // PARTIAL: BSNL rejects its share.
  await setGateway('BSNL', { failureRate: 1 });
  await waitForJob(await makeRequest({ type: 'SUSPEND', iccids: worked.slice(3, 6) }), (s) => s === 'PARTIAL');
  // FAILED: BSNL rejects every SIM of a BSNL-only request.
  await waitForJob(await makeRequest({ type: 'SUSPEND', iccids: byOperator('BSNL', worked.slice(6, 12)) }), (s) => s === 'FAILED');
  await setGateway('BSNL', { failureRate: 0 });
  // WAITING_OPERATOR: VI's share waits for staff at the operator's portal; its SIMs stay pending.
  await setGateway('VI', { adapter: 'manual' });
  await waitForJob(await makeRequest({ type: 'SUSPEND', iccids: worked.slice(12, 15) }), (s) => s === 'WAITING_OPERATOR');
  await setGateway('VI', { adapter: 'simulator' });
  // A termination scheduled for tomorrow, and a request cancelled before it started.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  await makeRequest({ type: 'TERMINATE', iccids: worked.slice(15, 16), reason: 'Contract ended', scheduledAt: tomorrow });
  const cancelled = await makeRequest({ type: 'ACTIVATE', iccids: iccids.slice(4, 6), scheduledAt: tomorrow });
  await api('PUT', `/request/${cancelled.id}/cancel`, { note: 'Raised by mistake' });

  // Money: a plan shared with the organisation, money on its wallet, and an activation of two allocated SIMs tomorrow.
  const plan = await api<{ id: string }>('POST', '/plans', {
    name: `Sweep plan ${suffix}`,
    operators: ['AIRTEL', 'BSNL', 'VI'],
    dataMb: 1024,
    smsCount: 100,
    validityDays: 30,
    basePrice: 10_000,
    overLimitAction: 'BAR',
  });
  const blueprint = await api<{ id: string }>('POST', '/plans/share', { planId: plan.id, organizationId: org.id, price: 12_000 });
  const wallets = await api<{ id: string }[]>('GET', `/wallet?organizationId=${org.id}`);
  await api('PUT', `/wallet/add/${wallets[0]!.id}`, { amount: 1_000_000, reason: 'Sweep float' }, { 'idempotency-key': randomUUID() });
  await api(
    'POST',
    '/activation',
    { blueprintId: blueprint.id, iccids: iccids.slice(6, 8), scheduledAt: tomorrow },
    { 'idempotency-key': randomUUID() },
  );

  // Whitelisting: an IP group waiting for review, one approved, and a number group with its numbers.
  const ipGroup = (name: string, address: string) =>
    api<{ group: { id: string } }>('POST', '/whitelist/ip-group', {
      organizationId: org.id,
      name: `${name} ${suffix}`,
      entries: [{ address, protocol: 'TCP', ports: '443' }],
    });
  await ipGroup('Sweep telemetry back end', '203.0.113.0/24');
  const approved = (await ipGroup('Sweep firmware server', '198.51.100.0/24')).group.id;
  await api('POST', `/whitelist/ip-group/${approved}/approve`);
  const numbers = await api<{ id: string }>('POST', '/whitelist/number-group', {
    organizationId: org.id,
    name: `Sweep control room ${suffix}`,
    numbers: ['9876543210'],
  });
  // …applied to SIMs, so that the whitelist lists have rows.
  for (const [path, groupId, iccid] of [
    ['/whitelist/ip', approved, iccids[4]],
    ['/whitelist/numbers', numbers.id, iccids[5]],
  ] as const) {
    const made = await api<{ request: TRequest }>('POST', path, { groupId, iccids: [iccid] });
    await waitForJob(made.request, (s) => s === 'COMPLETED');
  }

  // Replace Sim: an active AIRTEL SIM replaced by one in stock, so that the replacements list has a row.
  const replaced = await api<{ request: TRequest }>(
    'POST',
    '/sim/replace',
    { oldIccid: iccids[15], newIccid: iccids[0], reason: 'Card cracked in the meter box' },
    { 'idempotency-key': randomUUID() },
  );
  await waitForJob(replaced.request, (s) => s === 'COMPLETED');

  // Devices: one holding a SIM of the organisation, fitted to a truck (the device list), and one holding none (the
  // inventory).
  const imei = (n: number) => {
    const body = `35209900${String((base + n) % 1_000_000).padStart(6, '0')}`;
    return body + luhnCheckDigit(body);
  };
  await api('POST', '/device', {
    imei: imei(0),
    make: 'Teltonika',
    model: 'FMB920',
    organizationId: org.id,
    simIccid: iccids[9],
    vehicle: { registration: 'MH12AB1234', type: 'TRUCK' },
    endUser: { name: 'Ravi Kumar', phone: '+919876543210', kycIdType: 'AADHAAR', kycIdNumber: '234567890124' },
  });
  await api('POST', '/device-inventory', { imei: imei(1), make: 'Queclink', model: 'GV300', organizationId: org.id });

  // A ticket raised for the organisation, with its SIM, so that the tickets list has a row.
  await api('POST', '/tickets', {
    subject: 'Meters in the depot stopped reporting',
    category: 'CONNECTIVITY',
    priority: 'HIGH',
    body: 'Three meters have sent nothing since the maintenance.',
    organizationId: org.id,
    iccids: [iccids[8]],
  });

  const role = await createRole({ name: `Org Admin ${suffix}`, organizationId: org.id, authScopes: ORG_ADMIN_SCOPES });
  await createUser({
    firstName: 'Kiran',
    lastName: `Rao${suffix}`,
    email: orgAdmin.email,
    phone: `+91${uniquePhoneDigits()}`,
    role: role.id,
    organizationId: org.id,
    password: orgAdmin.password,
  });
}

let browser: Browser;

beforeAll(async () => {
  await seedScreens();
  browser = await connectBrowser();
});

afterAll(async () => {
  for (const g of gatewaysBefore) {
    await setGateway(g.operator, {
      adapter: g.adapter,
      latencyMs: g.latencyMs,
      processingMs: g.processingMs,
      failureRate: g.failureRate,
    }).catch(() => {});
  }
  await browser?.close();
});

type TPass = { language: 'en' | 'hi'; viewport: keyof typeof VIEWPORTS; theme: string };

/** Both languages at both sizes in the default theme. */
const PASSES: TPass[] = LANGUAGES.flatMap((language) =>
  (Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]).map((viewport) => ({ language, viewport, theme: 'TarangTheme' })),
);
/** The dark theme once more over every screen (its status colours are its own). */
const DARK_PASS: TPass = { language: 'en', viewport: 'desktop', theme: 'TarangThemeDark' };

const passName = (p: TPass) => `${p.language} ${p.viewport} ${p.theme}`;

type TFinding = { user: string; pass: string; path: string; violations: unknown[] };

/**
 * Checks every screen of the user's sidebar in each pass and returns what axe found, the screens checked and the
 * colours of the chips seen. One browser context per user: language and theme are the console's own settings, the
 * size is the viewport.
 */
async function sweep(user: string, credentials: { email: string; password: string }, screens: string[], passes: TPass[]) {
  const findings: TFinding[] = [];
  const checked = new Set<string>();
  const chipColors = new Set<string>();
  const page = await signedInPage(browser, credentials.email, credentials.password);
  try {
    for (const pass of passes) {
      await page.evaluate(({ language, theme }) => {
        localStorage.setItem('language', language);
        localStorage.setItem('appTheme', theme);
      }, pass);
      await page.setViewportSize(VIEWPORTS[pass.viewport]);
      await page.goto('/dashboard');
      await page.getByTestId('user-menu-button').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(pass.language);
      // The sidebar as this user sees it, read from the page: exactly the screens below.
      expect((await sidebarModulePaths(page)).sort(), `${user} ${passName(pass)}: sidebar`).toEqual([...screens].sort());
      for (const path of screens) {
        await navigate(page, path);
        await waitForScreen(page, path);
        const violations = await seriousAxeViolations(page);
        if (violations.length) findings.push({ user, pass: passName(pass), path, violations });
        checked.add(`${passName(pass)} ${path}`);
        for (const color of await page
          .locator('#main-content .MuiChip-root')
          .evaluateAll((chips) => chips.flatMap((c) => Array.from(c.classList).filter((k) => /^MuiChip-color[A-Z]/.test(k)))))
          chipColors.add(color.replace('MuiChip-color', '').toLowerCase());
      }
    }
  } finally {
    await page.context().close();
  }
  return { findings, checked, chipColors };
}

function expectEveryScreenChecked(checked: Set<string>, screens: string[], passes: TPass[]) {
  const missing = passes.flatMap((pass) => screens.map((path) => `${passName(pass)} ${path}`).filter((key) => !checked.has(key)));
  expect(missing).toEqual([]);
}

describe('accessibility of every sidebar screen', () => {
  it('has no serious or critical violation for the Super Admin (every module of the sidebar), in both themes', {
    timeout: 480_000,
  }, async () => {
    const screens = sidebarScreens('all');
    expect(screens.length).toBeGreaterThanOrEqual(29);
    const passes = [...PASSES, DARK_PASS];
    const admin = { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD };
    const { findings, checked, chipColors } = await sweep('Super Admin', admin, screens, passes);
    expectEveryScreenChecked(checked, screens, passes);
    // The data made above put chips of every status colour on screen, so their contrast was measured.
    expect([...chipColors].sort()).toEqual(expect.arrayContaining(['error', 'info', 'primary', 'success', 'warning']));
    if (findings.length) console.log(JSON.stringify(findings, null, 2));
    expect(findings).toEqual([]);
  });

  it('has no serious or critical violation for an organisation admin (the screens of their role)', { timeout: 480_000 }, async () => {
    const screens = sidebarScreens(new Set(permissionsFromScopes(ORG_ADMIN_SCOPES)));
    const { findings, checked } = await sweep('Org Admin', orgAdmin, screens, PASSES);
    expectEveryScreenChecked(checked, screens, PASSES);
    if (findings.length) console.log(JSON.stringify(findings, null, 2));
    expect(findings).toEqual([]);
  });
});
