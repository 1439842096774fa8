import { addDays, indiaDay, monthOf } from '@tarang/shared/common/india-days';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims, type TMadeSim } from '../sims/sims-test-kit';
import { ensureUsagePartition } from '../usage/usage-ingest';
import { everyReportRow, readReportCsv, readReportXlsx } from './reports-test-kit';

/**
 * The declared reports other than transactions (transactions-report.routes.test.ts): atomic SIMs, expiry SIMs, request
 * details, the MNO job report and usage — filters, subtree scoping in the grid and the file, the files read back, and a
 * formula typed into a SIM's label exported inert.
 */
const { t, f, tokens, rows } = routeTest({
  tenancy: true,
  roles: { 'Report auditor of C1': { scopes: scopesFrom({ 'audit-trail': true }), org: 'C1' } },
  users: { auditor: { email: 'auditor.c1@reports.test', role: 'Report auditor of C1', org: 'C1' } },
});

const DAY = 86_400_000;
const FORMULA = '=HYPERLINK("http://evil.example","Click")';
const get = (url: string, token = tokens.staff) => t.call({ method: 'GET', url: `${API}${url}`, token });
const all = <T = Record<string, unknown>>(report: string, query: string, token = tokens.staff) =>
  everyReportRow<T>(t, report, query, token);

let c1: TMadeSim[];
let g: TMadeSim[];
let foreign: TMadeSim[];
let c1Request: string;
let foreignRequest: string;
const yesterday = addDays(indiaDay(new Date()), -1);

beforeAll(async () => {
  const now = Date.now();
  // C1: six live SIMs expiring in 1…6 days (the first dual-profile, the second labelled with a formula); two more in 40 days.
  c1 = await makeSims(t, 8, (i) => ({
    organizationId: f.orgs.C1.id,
    status: i === 5 ? 'SUSPENDED' : 'ACTIVE',
    operators: i === 0 ? ['AIRTEL', 'BSNL'] : [i % 2 ? 'BSNL' : 'VI'],
    label: i === 1 ? FORMULA : `c1 meter ${i}`,
    expiresAt: new Date(now + (i < 6 ? (i + 1) * DAY - 3_600_000 : 40 * DAY)),
    activatedAt: new Date(now - 30 * DAY),
  }));
  // G (C1's child) and I (foreign): three live SIMs each, expiring in 2 days.
  g = await makeSims(t, 3, { organizationId: f.orgs.G.id, status: 'ACTIVE', expiresAt: new Date(now + 2 * DAY), operators: ['AIRTEL'] });
  foreign = await makeSims(t, 3, { organizationId: f.orgs.I.id, status: 'ACTIVE', expiresAt: new Date(now + 2 * DAY), operators: ['VI'] });

  // Scheduled SUSPEND requests (their tasks wait, QUEUED): one of C1's SIMs, one of I's. One C1 task failed at its operator.
  const later = new Date(now + 3_600_000).toISOString();
  const ask = async (iccids: string[]) => {
    const res = await t.call({
      method: 'POST',
      url: `${API}/request`,
      token: tokens.staff,
      payload: { type: 'SUSPEND', iccids, scheduledAt: later },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.request.id as string;
  };
  c1Request = await ask(c1.slice(0, 4).map((s) => s.iccid));
  foreignRequest = await ask(foreign.map((s) => s.iccid));
  await rows(`UPDATE job_tasks SET status = 'FAILED', error = 'Operator refused: =1+2' WHERE iccid = $1`, [c1[2]!.iccid]);

  // Usage: yesterday and the day before for C1's first two SIMs and one foreign SIM.
  const days = [addDays(yesterday, -1), yesterday];
  for (const day of days) await ensureUsagePartition(t.deps.db, day);
  const idOf = async (sim: TMadeSim) => (await rows<{ id: string }>('SELECT id FROM sims WHERE primary_iccid = $1', [sim.iccid]))[0]!.id;
  const usage = async (simId: string, day: string, up: number, down: number, mo: number, mt: number) => {
    const d = Number(day.slice(8, 10));
    await rows(
      `INSERT INTO sim_usage_months (month, sim_id, bytes_up, bytes_down, sms_mo, sms_mt)
       VALUES ($1, $2, array_fill(NULL::bigint, ARRAY[31]), array_fill(NULL::bigint, ARRAY[31]),
               array_fill(NULL::int, ARRAY[31]), array_fill(NULL::int, ARRAY[31]))
       ON CONFLICT (sim_id, month) DO NOTHING`,
      [monthOf(day), simId],
    );
    await rows(
      `UPDATE sim_usage_months SET bytes_up[$3] = $4, bytes_down[$3] = $5, sms_mo[$3] = $6, sms_mt[$3] = $7
       WHERE sim_id = $1 AND month = $2`,
      [simId, monthOf(day), d, up, down, mo, mt],
    );
  };
  for (const day of days) {
    await usage(await idOf(c1[0]!), day, 1_000, 9_000, 1, 2);
    await usage(await idOf(foreign[0]!), day, 5, 5, 0, 0);
  }
  await usage(await idOf(c1[1]!), yesterday, 2_048, 0, 3, 0);
});

describe('GET /report/atomic-sims', () => {
  it('answers one row per SIM profile with every field, filtered, inside the caller subtree', async () => {
    const mine = await all<Record<string, unknown>>('atomic-sims', `organizationId=${f.orgs.C1.id}`);
    // C1's subtree: its 8 SIMs (one with two profiles) and G's 3.
    expect(mine).toHaveLength(12);
    const dual = mine.filter((r) => r.simIccid === c1[0]!.iccid);
    expect(dual.map((r) => [r.profile, r.operator])).toEqual([
      ['PRIMARY', 'AIRTEL'],
      ['PROVISIONED', 'BSNL'],
    ]);
    expect(dual[0]).toMatchObject({
      iccid: c1[0]!.iccid,
      imsi: c1[0]!.imsi,
      status: 'ACTIVE',
      organization: 'Org C1',
      organizationId: f.orgs.C1.id,
      label: 'c1 meter 0',
      imeiLock: false,
    });
    expect(dual[0]!.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Filters: status, operator (any profile), digits of an identifier.
    expect((await all('atomic-sims', `organizationId=${f.orgs.C1.id}&status=SUSPENDED`)).map((r) => r.simIccid)).toEqual([c1[5]!.iccid]);
    const bsnl = await all('atomic-sims', `organizationId=${f.orgs.C1.id}&operator=BSNL`);
    expect(new Set(bsnl.map((r) => r.simIccid))).toEqual(new Set([c1[0], c1[1], c1[3], c1[5], c1[7]].map((s) => s!.iccid)));
    expect((await all('atomic-sims', `search=${c1[3]!.iccid}`)).map((r) => r.iccid)).toEqual([c1[3]!.iccid]);

    // The C1 admin sees C1 and G, never I; asking for I is a 404 naming the filter.
    const c1View = await all('atomic-sims', '', f.actors.c1Admin.token);
    const orgsSeen = new Set(c1View.map((r) => r.organizationId));
    expect(orgsSeen.has(f.orgs.I.id)).toBe(false);
    expect(c1View.some((r) => r.simIccid === g[0]!.iccid)).toBe(true);
    const out = await get(`/report/atomic-sims?organizationId=${f.orgs.I.id}`, f.actors.c1Admin.token);
    expect(out.statusCode).toBe(404);
    expect(out.json().errors[0].path).toBe('organizationId');
  });

  it('exports CSV and XLSX with the same rows; a formula in a label stays text', async () => {
    const csv = await get(`/report/atomic-sims/export?format=csv&organizationId=${f.orgs.C1.id}&operator=BSNL`);
    expect(csv.statusCode, csv.body).toBe(200);
    const file = readReportCsv(csv.body);
    expect(file.about.get('Report')).toBe('Atomic Sims');
    expect(file.about.get('Filter: Operator')).toBe('BSNL');
    expect(file.about.get('Filter: Organisation')).toBe(`Org C1 (${f.orgs.C1.id})`);
    expect(file.header.slice(0, 6)).toEqual(['ICCID', 'IMSI', 'MSISDN', 'Operator', 'Profile', 'SIM ICCID']);
    const grid = await all('atomic-sims', `organizationId=${f.orgs.C1.id}&operator=BSNL`);
    expect(file.lines.map((l) => l[0])).toEqual(grid.map((r) => r.iccid));
    const label = file.header.indexOf('Label');
    const risky = file.lines.find((l) => l[5] === c1[1]!.iccid)!;
    expect(risky[label]).toBe(`'${FORMULA}`);
    // ICCIDs keep every digit.
    expect(file.lines.every((l) => /^\d{19,20}$/.test(l[0]!))).toBe(true);

    const xlsx = await get(`/report/atomic-sims/export?format=xlsx&organizationId=${f.orgs.C1.id}&operator=BSNL`);
    expect(xlsx.statusCode).toBe(200);
    const book = await readReportXlsx(xlsx.rawPayload, 'Atomic Sims');
    expect(book.lines.map((l) => l[0])).toEqual(grid.map((r) => r.iccid));
    expect(book.about.get('Filter: Operator')).toBe('BSNL');
    // In the workbook the label is a plain string cell, never a formula.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Atomic Sims')!;
    const at = book.lines.findIndex((l) => l[5] === c1[1]!.iccid) + 2;
    const cell = sheet.getRow(at).getCell(label + 1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(FORMULA);
    expect(sheet.getRow(at).getCell(1).type).toBe(ExcelJS.ValueType.String);

    // An organisation user's file holds nothing outside its subtree.
    const theirs = readReportCsv((await get('/report/atomic-sims/export?format=csv', f.actors.c1Admin.token)).body);
    const orgCol = theirs.header.indexOf('Organisation id');
    expect(new Set(theirs.lines.map((l) => l[orgCol]))).toEqual(new Set([f.orgs.C1.id, f.orgs.G.id]));
  });
});

describe('GET /report/expiry-sims', () => {
  it('lists live SIMs whose plan ends within the days asked, soonest first, with days left', async () => {
    const week = await all<Record<string, unknown>>('expiry-sims', `days=7&organizationId=${f.orgs.C1.id}`);
    // C1's six within a week (the suspended one too) and G's three; not the two at 40 days.
    expect(week).toHaveLength(9);
    const expiries = week.map((r) => Date.parse(r.expiresAt as string));
    expect(expiries).toEqual([...expiries].sort((a, b) => a - b));
    const first = week.find((r) => r.iccid === c1[0]!.iccid)!;
    expect(first).toMatchObject({ daysLeft: 1, organization: 'Org C1', operator: 'AIRTEL', label: 'c1 meter 0' });
    expect(week.find((r) => r.iccid === c1[3]!.iccid)!.daysLeft).toBe(4);
    expect(await all('expiry-sims', `days=60&organizationId=${f.orgs.C1.id}`)).toHaveLength(11);
    expect(await all('expiry-sims', `days=7&organizationId=${f.orgs.C1.id}&status=SUSPENDED`)).toHaveLength(1);
    // The default is 30 days.
    expect(await all('expiry-sims', `organizationId=${f.orgs.C1.id}`)).toHaveLength(9);
    // The same SIMs as GET /sim/expiring-soon, the inventory's call.
    const soon = await get(`/sim/expiring-soon?days=7&limit=500`, f.actors.staffAdmin.token);
    const soonIds = soon.json().data.map((s: { iccid: string }) => s.iccid);
    const reportIds = (await all('expiry-sims', 'days=7')).map((r) => r.iccid);
    expect(reportIds).toEqual(soonIds);

    const theirs = await all('expiry-sims', 'days=7', f.actors.c1Admin.token);
    expect(theirs.map((r) => r.iccid).sort()).toEqual([...c1.slice(0, 6), ...g].map((s) => s.iccid).sort());
    for (const days of ['0', '366', 'x', '7.5']) {
      const res = await get(`/report/expiry-sims?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().errors[0].path).toBe('querystring.days');
    }
  });

  it('exports the days left as numbers and the filters in the file', async () => {
    const res = await get(`/report/expiry-sims/export?format=xlsx&days=7&organizationId=${f.orgs.C1.id}&lang=hi`);
    expect(res.statusCode).toBe(200);
    const book = await readReportXlsx(res.rawPayload, 'Expiry Sims');
    expect(book.header[0]).toBe('आईसीसीआईडी');
    expect(book.about.get('फ़िल्टर: इतने दिनों में समाप्त')).toBe('7');
    const daysLeft = book.header.indexOf('शेष दिन');
    expect(book.cells.map((r) => r[daysLeft])).toEqual([1, 2, 2, 2, 2, 3, 4, 5, 6]);
  });
});

describe('GET /report/request-details', () => {
  it('lists each SIM task with its request, filtered, inside the subtree', async () => {
    const mine = await all<Record<string, unknown>>('request-details', `requestId=${c1Request}`);
    expect(mine).toHaveLength(4);
    expect(new Set(mine.map((r) => r.iccid))).toEqual(new Set(c1.slice(0, 4).map((s) => s.iccid)));
    expect(mine[0]).toMatchObject({ requestId: c1Request, type: 'SUSPEND', organization: 'Org C1', createdBy: 'admin@tarang.test' });
    const failed = await all('request-details', `organizationId=${f.orgs.C1.id}&status=FAILED`);
    expect(failed.map((r) => [r.iccid, r.error])).toEqual([[c1[2]!.iccid, 'Operator refused: =1+2']]);
    const waiting = mine.filter((r) => r.status !== 'FAILED');
    const bsnl = waiting.filter((r) => r.operator === 'BSNL');
    expect(bsnl.length).toBeGreaterThan(0);
    const filtered = await all('request-details', `organizationId=${f.orgs.C1.id}&status=${bsnl[0]!.status}&operator=BSNL`);
    expect(filtered.map((r) => r.iccid).sort()).toEqual(bsnl.map((r) => r.iccid).sort());
    expect(await all('request-details', `organizationId=${f.orgs.C1.id}&type=ACTIVATE`)).toHaveLength(0);

    const theirs = await all('request-details', '', f.actors.c1Admin.token);
    expect(theirs.some((r) => r.requestId === foreignRequest)).toBe(false);
    expect(theirs.some((r) => r.requestId === c1Request)).toBe(true);
    // Another organisation's request by id: nothing (the same answer as an id that does not exist).
    expect(await all('request-details', `requestId=${foreignRequest}`, f.actors.c1Admin.token)).toEqual([]);

    const csv = readReportCsv((await get(`/report/request-details/export?format=csv&requestId=${c1Request}`)).body);
    const error = csv.header.indexOf('Error');
    expect(csv.lines).toHaveLength(4);
    expect(csv.lines.find((l) => l[error])![error]).toBe('Operator refused: =1+2');
  });
});

describe('GET /report/mno-job-report', () => {
  it('lists MNO jobs for staff only, filtered by operator', async () => {
    const jobs = await all<Record<string, unknown>>('mno-job-report', 'operator=VI');
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.operator === 'VI')).toBe(true);
    const foreignJob = jobs.find((j) => j.requestId === foreignRequest)!;
    expect(foreignJob).toMatchObject({ operation: 'SUSPEND', tasks: 3, requestType: 'SUSPEND' });
    expect((await get('/report/mno-job-report', f.actors.c1Admin.token)).statusCode).toBe(403);
    expect((await get('/report/mno-job-report/export', f.actors.c1Admin.token)).statusCode).toBe(403);
    const csv = readReportCsv((await get('/report/mno-job-report/export?format=csv&operator=VI')).body);
    expect(csv.lines.map((l) => l[csv.header.indexOf('MNO job id')])).toEqual(jobs.map((j) => j.id));
  });
});

describe('GET /report/usage', () => {
  it('sums each SIM over the range, SIMs without use left out, inside the subtree', async () => {
    const range = `from=${addDays(yesterday, -1)}&to=${yesterday}`;
    const mine = await all<Record<string, unknown>>('usage', `${range}&organizationId=${f.orgs.C1.id}`);
    expect(mine.map((r) => [r.iccid, r.days, r.bytesUp, r.bytesDown, r.bytesTotal, r.smsSent, r.smsReceived])).toEqual(
      [
        [c1[0]!.iccid, 2, 2_000, 18_000, 20_000, 2, 4],
        [c1[1]!.iccid, 1, 2_048, 0, 2_048, 3, 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // One day only.
    const one = await all('usage', `from=${yesterday}&to=${yesterday}&search=${c1[0]!.iccid}`);
    expect(one.map((r) => [r.days, r.bytesTotal])).toEqual([[1, 10_000]]);
    // The default range ends yesterday.
    expect((await all('usage', `organizationId=${f.orgs.C1.id}`)).length).toBe(2);
    // The C1 admin never sees the foreign SIM.
    const theirs = await all('usage', range, f.actors.c1Admin.token);
    expect(theirs.map((r) => r.iccid)).not.toContain(foreign[0]!.iccid);
    expect((await all('usage', range)).map((r) => r.iccid)).toContain(foreign[0]!.iccid);

    const bad = await get(`/report/usage?from=${yesterday}&to=${addDays(yesterday, -3)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('from');
    const long = await get(`/report/usage?from=2025-01-01&to=2026-06-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('to');

    const book = await readReportXlsx(
      (await get(`/report/usage/export?format=xlsx&${range}&organizationId=${f.orgs.C1.id}`)).rawPayload,
      'Usage',
    );
    const total = book.header.indexOf('Data total');
    expect(book.cells.map((r) => r[total]).sort()).toEqual([2_048, 20_000].sort());
  });
});

describe('GET /report/audit-trail', () => {
  it('lists the events of the subtree newest first, with their snapshots as JSON, and exports them', async () => {
    // Two changes in C1 (a label set on a SIM through the API is audited with its before and after).
    for (const label of ['=cmd|calc', 'meter two']) {
      const res = await t.call({ method: 'PUT', url: `${API}/sim`, token: tokens.staff, payload: { iccids: [c1[4]!.iccid], label } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const events = await all<Record<string, unknown>>('audit-trail', `organizationId=${f.orgs.C1.id}&action=sim.`);
    expect(events.length).toBeGreaterThanOrEqual(2);
    const seqs = events.map((e) => e.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(events.every((e) => String(e.action).startsWith('sim.') && e.organizationId === f.orgs.C1.id)).toBe(true);
    const newest = events[0]!;
    expect(JSON.parse(String(newest.after))).toMatchObject({ label: 'meter two' });
    expect(newest.hash).toMatch(/^[0-9a-f]{64}$/);

    // C1's auditor never sees a foreign or a staff event; I's organisation is a 404.
    const theirs = await all('audit-trail', '', tokens.auditor);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((e) => e.organizationId === f.orgs.I.id || e.organizationId === null)).toBe(false);
    expect((await get(`/report/audit-trail?organizationId=${f.orgs.I.id}`, tokens.auditor)).statusCode).toBe(404);
    // Without the Audit Trail permission: refused.
    expect((await get('/report/audit-trail', f.actors.c1Operator.token)).statusCode).toBe(403);

    const csv = readReportCsv((await get(`/report/audit-trail/export?format=csv&organizationId=${f.orgs.C1.id}&action=sim.`)).body);
    expect(csv.about.get('Filter: Action (a prefix ends with . or *)')).toBe('sim.');
    expect(csv.lines.map((l) => Number(l[csv.header.indexOf('Event #')]))).toEqual(seqs);
    // A snapshot holding a formula stays text.
    const before = csv.lines.map((l) => l[csv.header.indexOf('After')]!).find((v) => v.includes('=cmd'));
    expect(before?.startsWith('{')).toBe(true);
  });
});

describe('every report', () => {
  it('refuses unknown parameters, bad filters and bad cursors with a 400 naming them', async () => {
    for (const [url, path] of [
      ['/report/atomic-sims?status=LOST', 'querystring.status'],
      ['/report/atomic-sims?operator=JIO', 'querystring.operator'],
      ['/report/atomic-sims?search=abc', 'querystring.search'],
      ['/report/atomic-sims?cursor=zzz', 'querystring.cursor'],
      ['/report/atomic-sims?sort=iccid', 'querystring'],
      ['/report/request-details?requestId=1', 'querystring.requestId'],
      ['/report/request-details?from=2026-13-01', 'querystring.from'],
      ['/report/usage?to=2026-02-30', 'querystring.to'],
      ['/report/usage/export?format=pdf', 'querystring.format'],
      ['/report/expiry-sims/export?limit=5', 'querystring'],
      ['/report/mno-job-report?status=DONE', 'querystring.status'],
      ['/report/atomic-sims?search=%00', 'querystring.search'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().errors[0].path, url).toContain(path);
    }
  });
});
