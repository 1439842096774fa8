import { randomUUID } from 'node:crypto';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { simIdentity } from '@tarang/shared/sims/generated-identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, createOrganization, createRole, createUser, uniqueSuffix, until, uploadSims } from './support/api';
import { connectBrowser, navigate, signedInPage, signOut } from './support/console';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/constants';

/**
 * Requests, jobs and MNO jobs in a real browser against the real server and its operator simulator (issue 5 "Done
 * when"): a bulk SUSPEND from the inventory's selection through /sim-actions — the preview flags a SIM, the valid
 * ones go ahead, the request reaches COMPLETED live and shows its tasks, and a toast says it finished; a RESUME from
 * a CSV file read by the server, checked by the file's rows; a scheduled
 * request cancelled; a termination confirmed as final; an MNO job worked by hand (Mark As Done); global search's JOBS;
 * and an organisation user who sees only their own requests.
 */

let browser: Browser;
let page: Page;

const suffix = uniqueSuffix();
// Serials of this run's SIMs: far from the demo generator's, the inventory test's and other runs'.
const base = 820_000_000 + Math.floor(Math.random() * 900_000) * 100;
const sims = Array.from({ length: 10 }, (_, i) => simIdentity(base + i, i % 3 === 2 ? 'BSNL' : 'AIRTEL'));
const iccids = sims.map((s) => s.iccid);
const [S1, S2, S3, S4, _S5, S6, _S7, S8, S9] = iccids as [string, string, string, string, string, string, string, string, string];
/** A well-formed ICCID nobody has. */
const UNKNOWN = simIdentity(base + 99, 'AIRTEL').iccid;
const orgUser = { email: `requests.${suffix}@example.com`, password: 'Copper-Harbour-7364' };
let ownOrg: { id: string; tradeName: string };
let otherOrg: { id: string; tradeName: string };
let otherRequest: { id: string; batchJobId: string };

type TReq = { id: string; jobId: string; batchJobId: string; status: string };

/** A request made through the API (set-up, not what is tested), waited for to its end. */
async function requestAndWait(type: string, list: string[]): Promise<TReq> {
  const created = await api<{ request: TReq }>('POST', '/request', { type, iccids: list }, { 'idempotency-key': randomUUID() });
  await until(
    `${type} ${created.request.batchJobId}`,
    () => api<{ status: string }>('GET', `/job-batch/${created.request.jobId}/progress`),
    (p) => p.status === 'COMPLETED',
  );
  return created.request;
}

async function simStatus(iccid: string): Promise<string> {
  return (await api<{ status: string }>('GET', `/sim/${iccid}`)).status;
}

async function setGateway(operator: string, settings: Record<string, unknown>) {
  await api('PUT', `/operator-gateway/${operator}`, settings);
}

beforeAll(async () => {
  // The simulator answers every SIM, after a short wait, so that the screens can be watched while work runs.
  for (const operator of ['AIRTEL', 'BSNL', 'VI']) {
    await setGateway(operator, {
      adapter: 'simulator',
      latencyMs: 200,
      processingMs: 3000,
      failureRate: 0,
      transientFailureRate: 0,
      outage: false,
    });
  }
  // Ten SIMs into stock through the bulk upload, then six to one organisation and four to another, all activated.
  const done = await uploadSims(sims, `requests-${suffix}.csv`);
  expect(done).toMatchObject({ status: 'DONE', succeeded: 10 });
  ownOrg = await createOrganization(`Vayu Meters ${suffix}`);
  otherOrg = await createOrganization(`Nadi Sensors ${suffix}`);
  await api('PUT', '/sim/allocate', { iccids: iccids.slice(0, 6), organizationId: ownOrg.id });
  await api('PUT', '/sim/allocate', { iccids: iccids.slice(6), organizationId: otherOrg.id });
  await requestAndWait('ACTIVATE', iccids);
  // A request of the other organisation, which the organisation user must not see.
  otherRequest = await requestAndWait('SUSPEND', [S9]);

  const role = await createRole({
    name: `Request desk ${suffix}`,
    organizationId: ownOrg.id,
    authScopes: scopesFrom({ 'sim-actions': true, request: ['viewDetails', 'respondRequest', 'cancelRequest'], job: ['viewTasks'] }),
  });
  await createUser({
    firstName: 'Tara',
    lastName: `Iyer${suffix}`,
    email: orgUser.email,
    role: role.id,
    organizationId: ownOrg.id,
    password: orgUser.password,
  });

  browser = await connectBrowser();
  page = await signedInPage(browser, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
});

afterAll(() => browser?.close());

/** Opens /sim-actions as the inventory's bulk actions do: `?action=` and the ICCIDs ticked in the location state. */
async function openSimActionsFromInventory(p: Page, action: string, list: string[]) {
  await p.evaluate(
    ({ to, state }) => {
      // react-router keeps its location state under `usr` in the history entry.
      window.history.pushState({ usr: state, key: 'inventory', idx: 1 }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    { to: `/sim-actions?action=${action}`, state: { iccids: list } },
  );
  await p.getByRole('heading', { level: 1, name: 'Sim Actions' }).waitFor();
}

const progressOf = (p: Page) => p.getByTestId('request-progress');

describe('requests and jobs screens', () => {
  let suspended: { id: string; batchJobId: string };

  it('suspends SIMs picked in the inventory: the preview flags a SIM, the valid ones go ahead, and the request completes live', async () => {
    await navigate(page, '/dashboard');
    // Four ACTIVE SIMs and one nobody has, as if ticked in the inventory.
    await openSimActionsFromInventory(page, 'SUSPEND', [S1, S2, S3, UNKNOWN]);
    const box = page.getByRole('textbox', { name: 'ICCIDs' });
    expect((await box.inputValue()).split('\n')).toEqual([S1, S2, S3, UNKNOWN]);
    // The user adds one more line: the first SIM again.
    await box.fill([S1, S2, S3, UNKNOWN, S1].join('\n'));
    expect(await page.getByRole('radio', { name: /Suspend/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Check SIMs' }).click();
    const preview = page.getByTestId('request-preview');
    await preview.waitFor();
    expect(await preview.getByTestId('preview-summary').innerText()).toContain('3 of 5 SIMs can take Suspend; 2 cannot.');
    const rows = await preview.getByTestId('preview-rows').locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual([
      ['4', UNKNOWN, 'Not found'],
      ['5', S1, 'Listed twice (first at row 1)'],
    ]);
    expect(await preview.innerText()).toContain('Profile AIRTEL+BSNL');
    await page.screenshot({ path: '/tmp/requests-sim-actions-preview.png', fullPage: true });

    const submit = page.getByRole('button', { name: 'Suspend 3 SIMs' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /Leave out the 2 SIMs/ }).check();
    await page.getByRole('textbox', { name: 'Reason (optional)' }).fill('Season over');
    await submit.click();
    await page.waitForURL(/\/request\/[0-9a-f]{24}$/);
    const id = page.url().split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: /^Request BJ\d{8}$/ }).waitFor();
    const batchJobId = (await page.getByRole('heading', { level: 1 }).innerText()).replace('Request ', '');
    suspended = { id, batchJobId };

    // Live: the page shows the work before it ends (the simulator confirms after 3 s), then the end, without a reload.
    const before = await progressOf(page).getAttribute('data-status');
    expect(['QUEUED', 'RUNNING', 'WAITING_OPERATOR']).toContain(before);
    await page.screenshot({ path: '/tmp/requests-request-running.png', fullPage: true });
    await page.locator('[data-testid="request-progress"][data-status="COMPLETED"]').waitFor({ timeout: 30_000 });
    expect(await progressOf(page).getByTestId('progress-percent').innerText()).toBe('100%');
    expect(await progressOf(page).locator('[data-count="succeeded"] strong').innerText()).toBe('3');
    // The toast for a request this user started.
    await page.getByText(`Request ${batchJobId} (Suspend) has finished: Completed, 3 of 3 SIMs done.`).waitFor();

    const tasks = page.getByTestId('tasks');
    await expect
      .poll(async () => (await tasks.locator('.MuiDataGrid-row').allInnerTexts()).filter((t) => t.includes('Done')).length)
      .toBe(3);
    const taskText = (await tasks.locator('.MuiDataGrid-row').allInnerTexts()).join('\n');
    for (const iccid of [S1, S2, S3]) expect(taskText).toContain(iccid);
    expect(taskText).toContain('Active → Suspended');
    const checkpoints = await page.getByTestId('checkpoints').innerText();
    expect(checkpoints).toMatch(/Operator confirmed\s*Automatic/);
    await page.screenshot({ path: '/tmp/requests-request-completed.png', fullPage: true });
    await page.getByRole('button', { name: 'Request Automation Insights' }).click();
    const insights = page.getByRole('dialog', { name: 'Request Automation Insights' });
    await insights.getByText('100% of the SIMs done ran automatically').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: '/tmp/requests-insights.png' });
    await insights.getByRole('button', { name: 'Close' }).click();
    await insights.waitFor({ state: 'detached' });

    expect(await Promise.all([S1, S2, S3, S4].map(simStatus))).toEqual(['SUSPENDED', 'SUSPENDED', 'SUSPENDED', 'ACTIVE']);
    // Nothing reached an operator twice: one request, three tasks.
    const [job] = await api<{ simsCount: number; profile: string }[]>('GET', `/job-batch?batchJobId=${batchJobId}`);
    expect(job).toMatchObject({ simsCount: 3, profile: 'AIRTEL+BSNL' });
  });

  it('resumes SIMs listed in a CSV file: the server reads it, the rows without an ICCID are named, the file rows are checked', async () => {
    await navigate(page, '/sim-actions');
    await page.getByRole('heading', { level: 1, name: 'Sim Actions' }).waitFor();
    await page.getByRole('button', { name: 'Upload a file' }).click();
    const csv = ['note,iccid', `gate 1,${S1}`, 'gate 2,not-an-iccid', `gate 3,${S2}`, `gate 4,${S4}`].join('\n');
    await page
      .getByTestId('iccid-file-input')
      .setInputFiles({ name: `gates-${suffix}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('3 ICCIDs read from the file').waitFor();
    await page.getByText('1 row holds no ICCID and is left out:').waitFor();
    expect(await page.getByText(/Row 3/).innerText()).toContain('not-an-iccid');
    await page.getByRole('radio', { name: /Resume/ }).check();
    await page.getByRole('button', { name: 'Check SIMs' }).click();
    const preview = page.getByTestId('request-preview');
    await preview.waitFor();
    expect(await preview.getByTestId('preview-summary').innerText()).toContain('2 of 3 SIMs can take Resume; 1 cannot.');
    const rows = await preview.getByTestId('preview-rows').locator('tbody tr').allInnerTexts();
    // The row is the file's: S4 (ACTIVE) was on line 5.
    expect(rows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual([['5', S4, 'Status ACTIVE: Resume needs SUSPENDED']]);
    await page.getByRole('checkbox', { name: 'Leave out the SIM that cannot take it and go ahead with the other 2' }).check();
    await page.getByRole('button', { name: 'Resume 2 SIMs' }).click();
    await page.waitForURL(/\/request\/[0-9a-f]{24}$/);
    await page.locator('[data-testid="request-progress"][data-status="COMPLETED"]').waitFor({ timeout: 30_000 });
    expect(await Promise.all([S1, S2, S4].map(simStatus))).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);
  });

  it('finds the batch job in global search and opens the request list narrowed to it', async () => {
    await page.keyboard.press('Control+Shift+KeyF');
    await page.getByTestId('search-input').fill(suspended.batchJobId);
    const jobs = page.getByTestId('search-results').locator('[data-group="JOBS"]');
    const result = jobs.getByRole('option', { name: new RegExp(suspended.batchJobId) });
    await result.waitFor();
    expect(await result.innerText()).toMatch(/3 SIMs[\s\S]*COMPLETED[\s\S]*AIRTEL\+BSNL/);
    await page.screenshot({ path: '/tmp/requests-search.png' });
    await result.click();
    await page.waitForURL((url) => url.pathname === '/request' && url.searchParams.get('batchJobId') === suspended.batchJobId);
    await expect.poll(async () => await page.locator('.MuiDataGrid-row').count()).toBe(1);
    expect(await page.locator('.MuiDataGrid-row').innerText()).toContain('Completed');
    expect(await page.getByRole('textbox', { name: 'Batch job' }).inputValue()).toBe(suspended.batchJobId);
    await page.screenshot({ path: '/tmp/requests-list.png', fullPage: true });
  });

  it('cancels a scheduled request before it starts', async () => {
    await navigate(page, '/request/add');
    await page.getByRole('heading', { level: 1, name: 'New request' }).waitFor();
    await page.getByRole('textbox', { name: 'ICCIDs' }).fill(S4);
    await page.getByRole('radio', { name: /Suspend/ }).check();
    await page.getByRole('button', { name: 'Check SIMs' }).click();
    await page.getByTestId('request-preview').getByText('The SIM can take Suspend.').waitFor();
    await page.getByRole('switch', { name: 'Start later' }).check();
    // The default: an hour from now, India time.
    expect(await page.getByLabel('Start at (India time)').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await page.getByRole('button', { name: 'Suspend 1 SIM' }).click();
    await page.waitForURL(/\/request\/[0-9a-f]{24}$/);
    await page.getByText(/Scheduled: starts \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M \(India time\)/).waitFor();
    expect(await progressOf(page).getAttribute('data-status')).toBe('QUEUED');
    await page.getByRole('button', { name: 'Cancel Request' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel request BJ\d{8}\?$/ });
    await dialog.getByRole('button', { name: 'Cancel Request' }).click();
    await page.locator('[data-testid="request-progress"][data-status="CANCELLED"]').waitFor();
    await page.getByText('Request cancelled').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Cancel Request' }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/requests-cancelled.png', fullPage: true });
    expect(await simStatus(S4)).toBe('ACTIVE');
    // The user ended it: no "has finished" toast on top of "Request cancelled".
    await page.waitForTimeout(3500);
    expect(await page.getByText(/\(Suspend\) has finished: Cancelled/).count()).toBe(0);
  });

  it('terminates a SIM only after a confirmation that says termination is final', async () => {
    await navigate(page, '/termination/add');
    await page.getByRole('heading', { level: 1, name: 'Add termination' }).waitFor();
    await page.getByRole('textbox', { name: 'ICCIDs' }).fill(S8);
    // The reason comes first: nothing is checked without it.
    await page.getByRole('button', { name: 'Check SIMs' }).click();
    await page.getByText('Give the reason.').waitFor();
    expect(await page.getByTestId('request-preview').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Reason' }).fill('Device stolen');
    await page.getByRole('button', { name: 'Check SIMs' }).click();
    await page.getByTestId('request-preview').getByText('The SIM can take Terminate.').waitFor();
    const submit = page.getByRole('button', { name: 'Terminate 1 SIM' });
    await submit.click();
    const dialog = page.getByRole('dialog', { name: 'Terminate the SIMs?' });
    expect(await dialog.innerText()).toContain('Termination is final: it cannot be undone and the SIM can never be activated again.');
    await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot
    await page.screenshot({ path: '/tmp/requests-termination-confirm.png' });
    await dialog.getByRole('button', { name: 'Terminate for good' }).click();
    await page.waitForURL(/\/request\/[0-9a-f]{24}$/);
    await page.locator('[data-testid="request-progress"][data-status="COMPLETED"]').waitFor({ timeout: 30_000 });
    expect(await simStatus(S8)).toBe('TERMINATED');
    await navigate(page, '/termination');
    await page.getByRole('heading', { level: 1, name: 'Terminations' }).waitFor();
    await expect
      .poll(async () => (await page.locator('.MuiDataGrid-row').allInnerTexts()).some((t) => t.includes('Device stolen')))
      .toBe(true);
  });

  it('works an MNO job by hand: the SIM list, then Mark As Done, on the MNO job report', async () => {
    // BSNL's work waits for staff at the operator's portal.
    await setGateway('BSNL', { adapter: 'manual' });
    try {
      const created = await api<{ request: TReq }>(
        'POST',
        '/request',
        { type: 'SUSPEND', iccids: [S6] },
        { 'idempotency-key': randomUUID() },
      );
      const { batchJobId, id } = created.request;
      await navigate(page, '/report/mno-job-report');
      await page.getByRole('heading', { level: 1, name: 'MNO job report' }).waitFor();
      await expect.poll(async () => await page.getByTestId('mno-report').innerText()).toMatch(/AIRTEL\s+Suspend/);
      const row = page.getByTestId('mno-jobs').locator('.MuiDataGrid-row').filter({ hasText: batchJobId });
      await row.filter({ hasText: 'Waiting for operator' }).waitFor({ timeout: 30_000 });
      const download = page.waitForEvent('download');
      await row.getByRole('button', { name: `Download the SIM list of BSNL for ${batchJobId}` }).click();
      expect((await download).suggestedFilename()).toMatch(new RegExp(`^mno-job-BSNL-${batchJobId}-[0-9a-f]{24}\\.csv$`));
      await page.screenshot({ path: '/tmp/requests-mno-report.png', fullPage: true });
      await row.getByRole('button', { name: `Mark As Done: BSNL for ${batchJobId}` }).click();
      const dialog = page.getByRole('dialog', { name: `Mark As Done: BSNL · ${batchJobId}` });
      await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Done on the BSNL portal');
      await dialog.getByRole('button', { name: 'Mark 1 SIM done' }).click();
      await page.getByText('1 SIM marked done').waitFor();
      await row.filter({ hasText: 'Completed' }).waitFor();
      expect(await simStatus(S6)).toBe('SUSPENDED');
      await navigate(page, `/request/${id}`);
      await page.locator('[data-testid="request-progress"][data-status="COMPLETED"]').waitFor();
      await expect
        .poll(async () => await page.getByTestId('tasks').locator('.MuiDataGrid-row').first().innerText())
        .toMatch(/Done[\s\S]*By hand/);
    } finally {
      await setGateway('BSNL', { adapter: 'simulator' });
    }
  });

  it('lists batch jobs and opens one with its tasks and MNO jobs', async () => {
    await navigate(page, `/job?batchJobId=${suspended.batchJobId}`);
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: suspended.batchJobId });
    expect(await row.innerText()).toMatch(/Suspend[\s\S]*3[\s\S]*Completed[\s\S]*AIRTEL\+BSNL/);
    await page.screenshot({ path: '/tmp/requests-jobs.png', fullPage: true });
    await row.getByRole('link', { name: `Open job ${suspended.batchJobId}` }).click();
    await page.getByRole('heading', { level: 1, name: `Job ${suspended.batchJobId}` }).waitFor();
    await expect.poll(async () => await page.getByTestId('tasks').locator('.MuiDataGrid-row').count()).toBe(3);
    expect(await page.getByTestId('mno-jobs').locator('.MuiDataGrid-row').count()).toBe(2);
    // An ended job offers no Change Status.
    expect(await page.getByRole('button', { name: 'Change Status' }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/requests-job.png', fullPage: true });
  });
});

describe('an organisation user', () => {
  let orgPage: Page;

  beforeAll(async () => {
    orgPage = await signedInPage(browser, orgUser.email, orgUser.password);
  });

  afterAll(() => orgPage?.context().close());

  it("sees only their organisation's requests, and no other's by its address", async () => {
    await navigate(orgPage, '/request');
    await orgPage.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
    await orgPage.locator('.MuiDataGrid-row').first().waitFor();
    const texts = await orgPage.locator('.MuiDataGrid-row').allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(t).toContain(ownOrg.tradeName);
    expect(texts.join('\n')).not.toContain(otherRequest.batchJobId);
    // No organisation filter for them, no MNO jobs.
    expect(await orgPage.getByRole('combobox', { name: 'Organisation' }).count()).toBe(0);
    await orgPage.screenshot({ path: '/tmp/requests-org-list.png', fullPage: true });

    await navigate(orgPage, `/request/${otherRequest.id}`);
    await orgPage.getByText('Request not found: it does not exist or is outside your organisation.').waitFor();

    // Their own requests open, without staff-only parts.
    await navigate(orgPage, `/request?batchJobId=${otherRequest.batchJobId}`);
    await orgPage.getByText('No requests match these filters').waitFor();
    await orgPage.getByRole('textbox', { name: 'Batch job' }).fill('');
    await orgPage.locator('.MuiDataGrid-row').first().getByRole('link').click();
    await orgPage.getByTestId('request-progress').waitFor();
    expect(await orgPage.getByTestId('mno-jobs').count()).toBe(0);
    expect(await orgPage.getByRole('checkbox', { name: /done$/ }).count()).toBe(0);
    await orgPage.getByTestId('tasks').waitFor();
    // They may not terminate: the action is not offered.
    await navigate(orgPage, '/sim-actions');
    await orgPage.getByRole('radio', { name: /Suspend/ }).waitFor();
    expect(await orgPage.getByRole('radio', { name: /Terminate/ }).count()).toBe(0);
    await signOut(orgPage);
  });
});
