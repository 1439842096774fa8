import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims, type TMadeSim } from '../sims/sims-test-kit';
import { runDueReports } from './report-runner';
import { readReportCsv } from './reports-test-kit';

/**
 * Scheduled reports and alerts (issue 18): saved with a report's permission inside the caller's reach, run at their time
 * and not before, the file stored and a link mailed to the organisation's users who may see the report; an alert mails
 * once when its condition becomes true.
 */
const { t, f, rows } = routeTest({ tenancy: true });

const DAY = 86_400_000;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });
const runner = () => ({ db: t.deps.db, config: t.deps.config, logger: t.deps.logger });
const mails = (template: string) =>
  rows<{ recipient: string; subject: string; body: string }>(
    'SELECT recipient, subject, body FROM outbox_messages WHERE template = $1 ORDER BY created_at, id',
    [template],
  );

let c1: TMadeSim[];

beforeAll(async () => {
  const now = Date.now();
  c1 = await makeSims(t, 4, (i) => ({ organizationId: f.orgs.C1.id, status: 'ACTIVE', expiresAt: new Date(now + (i + 1) * DAY) }));
  await makeSims(t, 2, { organizationId: f.orgs.I.id, status: 'ACTIVE', expiresAt: new Date(now + DAY) });
});

describe('report schedules', () => {
  it('saves a schedule for the caller’s organisation, refusing bad filters, foreign organisations and reports it may not run', async () => {
    const bad = [
      [{ reportId: 'expiry-sims', name: 'x', frequency: 'DAILY', hour: 6, filters: { days: '0' } }, 'filters.days', 400],
      [{ reportId: 'expiry-sims', name: 'x', frequency: 'DAILY', hour: 6, filters: { colour: 'red' } }, 'filters', 400],
      [{ reportId: 'expiry-sims', name: 'x', frequency: 'WEEKLY', hour: 6 }, 'weekday', 400],
      [{ reportId: 'expiry-sims', name: 'x', frequency: 'DAILY', hour: 24 }, 'hour', 400],
      [{ reportId: 'nope', name: 'x', frequency: 'DAILY', hour: 6 }, 'reportId', 400],
      [{ reportId: 'expiry-sims', name: 'x', frequency: 'DAILY', hour: 6, organizationId: f.orgs.I.id }, 'organizationId', 404],
      [
        { reportId: 'expiry-sims', name: 'x', frequency: 'DAILY', hour: 6, filters: { organizationId: f.orgs.I.id } },
        'filters.organizationId',
        404,
      ],
    ] as const;
    for (const [payload, path, status] of bad) {
      const res = await call('POST', '/report/schedule', f.actors.c1Admin.token, payload);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(status);
      expect(res.json().errors[0].path).toContain(path);
    }
    // The MNO job report is the provider's; the C1 operator holds no report at all.
    expect(
      (
        await call('POST', '/report/schedule', f.actors.c1Admin.token, {
          reportId: 'mno-job-report',
          name: 'x',
          frequency: 'DAILY',
          hour: 6,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', '/report/schedule', f.actors.c1Operator.token, {
          reportId: 'expiry-sims',
          name: 'x',
          frequency: 'DAILY',
          hour: 6,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('runs at its time and not before, stores the file, and mails the organisation’s users who may see the report', async () => {
    const made = await call('POST', '/report/schedule', f.actors.c1Admin.token, {
      reportId: 'expiry-sims',
      name: 'Renewals this week',
      filters: { days: '7' },
      format: 'csv',
      frequency: 'DAILY',
      hour: 6,
    });
    expect(made.statusCode, `${made.body} ${JSON.stringify(t.logs.filter((l) => l.level === 50).slice(-1))}`).toBe(201);
    const schedule = made.json().data;
    expect(schedule).toMatchObject({
      reportId: 'expiry-sims',
      organization: { id: f.orgs.C1.id },
      frequency: 'DAILY',
      hour: 6,
      lastRun: null,
    });
    const at = new Date(schedule.nextRunAt);
    // 06:00 in India is 00:30 UTC.
    expect(at.toISOString().slice(11)).toBe('00:30:00.000Z');

    await runDueReports(runner(), new Date(at.getTime() - 1));
    expect(await mails('report-scheduled')).toEqual([]);
    expect(await rows('SELECT id FROM report_runs WHERE schedule_id = $1', [schedule.id])).toEqual([]);

    await runDueReports(runner(), at);
    const sent = await mails('report-scheduled');
    // C1's users holding Expiry Sims: the admin, not the operator (no permission), nobody of G or I.
    expect(sent.map((m) => m.recipient)).toEqual([f.actors.c1Admin.email]);
    expect(sent[0]!.subject).toContain('Renewals this week');
    expect(sent[0]!.body).toContain('Rows: 4');
    expect(sent[0]!.body).toContain('/report/expiry-sims');

    const after = (await call('GET', `/report/schedule/${schedule.id}`, f.actors.c1Admin.token)).json().data;
    expect(after.lastRun).toMatchObject({ status: 'DONE', rows: 4, recipients: 1 });
    expect(after.nextRunAt).toBe(new Date(at.getTime() + DAY).toISOString());

    // The file: C1's four SIMs, the filter and the time of the run written in it.
    const file = await call('GET', `/report/run/${after.lastRun.id}/file`, f.actors.c1Admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/expiry-sims-\d{4}-\d{2}-\d{2}\.csv/);
    const csv = readReportCsv(file.body);
    expect(csv.about.get('Filter: Expiring within (days)')).toBe('7');
    expect(csv.about.get('Exported by')).toBe('Schedule "Renewals this week"');
    expect(csv.lines.map((l) => l[0]).sort()).toEqual(c1.map((s) => s.iccid).sort());
    // Another organisation's user never reaches it (404); a user without the report is refused (403).
    expect((await call('GET', `/report/run/${after.lastRun.id}/file`, f.actors.iAdmin.token)).statusCode).toBe(404);
    expect((await call('GET', `/report/schedule/${schedule.id}`, f.actors.iAdmin.token)).statusCode).toBe(404);
    expect((await call('GET', `/report/run/${after.lastRun.id}/file`, f.actors.c1Operator.token)).statusCode).toBe(403);
    // The parent's admin sees the child's schedule; the child's list does not hold the parent's.
    expect(
      (await call('GET', '/report/schedule?reportId=expiry-sims', f.actors.rAdmin.token)).json().data.map((s: { id: string }) => s.id),
    ).toContain(schedule.id);

    // Run again at the same time: nothing (it is not due until tomorrow).
    await runDueReports(runner(), at);
    expect(await mails('report-scheduled')).toHaveLength(1);

    // Paused, then run now: due at once.
    const paused = await call('PUT', `/report/schedule/${schedule.id}`, f.actors.c1Admin.token, {
      enabled: false,
      frequency: 'WEEKLY',
      weekday: 1,
    });
    expect(paused.json().data).toMatchObject({ enabled: false, frequency: 'WEEKLY', weekday: 1 });
    await runDueReports(runner(), new Date(Date.now() + 8 * DAY));
    expect(await mails('report-scheduled')).toHaveLength(1);
    const now = await call('POST', `/report/schedule/${schedule.id}/run`, f.actors.c1Admin.token);
    expect(now.statusCode).toBe(200);
    await runDueReports(runner(), new Date());
    expect(await mails('report-scheduled')).toHaveLength(2);

    expect((await call('DELETE', `/report/schedule/${schedule.id}`, f.actors.iAdmin.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/report/schedule/${schedule.id}`, f.actors.c1Admin.token)).statusCode).toBe(200);
    expect((await call('GET', `/report/schedule/${schedule.id}`, f.actors.c1Admin.token)).statusCode).toBe(404);
  });
});

describe('report alerts', () => {
  it('mails once when the condition becomes true, not again while it stays true, and again after it was false', async () => {
    const made = await call('POST', '/report/alert', f.actors.c1Admin.token, {
      reportId: 'expiry-sims',
      name: 'Plans ending within 2 days',
      filters: { days: '2' },
      threshold: 0,
      checkEveryMinutes: 60,
    });
    expect(made.statusCode, made.body).toBe(201);
    const alert = made.json().data;
    expect(alert).toMatchObject({ state: 'OK', threshold: 0, organization: { id: f.orgs.C1.id } });
    // The due time as the API writes it (milliseconds; the database keeps microseconds): due one millisecond later.
    const first = new Date(Date.parse(alert.nextCheckAt) + 1);

    // Not before its time.
    await runDueReports(runner(), new Date(first.getTime() - 1001));
    expect(await mails('report-alert')).toEqual([]);

    await runDueReports(runner(), first);
    let sent = await mails('report-alert');
    expect(sent.map((m) => m.recipient)).toEqual([f.actors.c1Admin.email]);
    expect(sent[0]!.subject).toBe('Alert: Plans ending within 2 days for Org C1');
    expect(sent[0]!.body).toContain('/report/expiry-sims?days=2');
    let now = (await call('GET', `/report/alert/${alert.id}`, f.actors.c1Admin.token)).json().data;
    // Rows are counted up to the threshold and one more: enough to know the condition holds.
    expect(now).toMatchObject({ state: 'TRIGGERED', lastCount: 1 });

    // Still true an hour later: checked, no second mail.
    await runDueReports(runner(), new Date(first.getTime() + 61 * 60_000));
    expect(await mails('report-alert')).toHaveLength(1);

    // The condition changed to "more than 5": false now; then back to "more than 1": true again, mailed again.
    await call('PUT', `/report/alert/${alert.id}`, f.actors.c1Admin.token, { threshold: 5 });
    await runDueReports(runner(), new Date(Date.now() + 1000));
    now = (await call('GET', `/report/alert/${alert.id}`, f.actors.c1Admin.token)).json().data;
    expect(now).toMatchObject({ state: 'OK', lastCount: 2 });
    await call('PUT', `/report/alert/${alert.id}`, f.actors.c1Admin.token, { threshold: 1 });
    await runDueReports(runner(), new Date(Date.now() + 1000));
    sent = await mails('report-alert');
    expect(sent).toHaveLength(2);
    expect((await call('GET', `/report/alert/${alert.id}`, f.actors.c1Admin.token)).json().data).toMatchObject({
      state: 'TRIGGERED',
      lastCount: 2,
    });

    // Tenancy: another organisation never sees it; bad input names the field.
    expect((await call('GET', `/report/alert/${alert.id}`, f.actors.iAdmin.token)).statusCode).toBe(404);
    expect((await call('GET', '/report/alert', f.actors.iAdmin.token)).json().data).toEqual([]);
    for (const [payload, path] of [
      [{ reportId: 'expiry-sims', name: 'x', threshold: -1 }, 'threshold'],
      [{ reportId: 'expiry-sims', name: 'x', checkEveryMinutes: 7 }, 'checkEveryMinutes'],
      [{ reportId: 'expiry-sims', name: '' }, 'name'],
      [{ reportId: 'expiry-sims', name: 'x', filters: { status: 'LOST' } }, 'filters.status'],
    ] as const) {
      const res = await call('POST', '/report/alert', f.actors.c1Admin.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].path).toContain(path);
    }
    expect((await call('DELETE', `/report/alert/${alert.id}`, f.actors.c1Admin.token)).statusCode).toBe(200);
  });
});
