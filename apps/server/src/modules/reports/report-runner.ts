import { newId } from '@tarang/shared/common/ids';
import { indiaDateTime, indiaDay } from '@tarang/shared/common/india-days';
import { getReport, type TReportDeclaration } from '@tarang/shared/reports/report-catalogue';
import { reportFilterSchema, type TReportFilterValues } from '@tarang/shared/reports/report-query';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TDb } from '../../db/database';
import { createMessenger } from '../outbox/messenger';
import { registerQueueHandler, type TQueueContext, type TQueueResult } from '../queue/queue';
import { reportFile } from './report-file';
import { storeRunFile } from './report-run-files';
import { REPORT_DUE_JOB, runnerActor } from './report-schedules.service';
import type { TReportSource } from './report-source';
import { REPORT_SOURCES } from './report-sources';
import { nextScheduleRun } from './report-timing';

/**
 * The due work of schedules and alerts, one queue job (`reports.due`) that re-arms itself for the next due time (at
 * most a quarter of an hour ahead, so a schedule written by another process is never missed for long). A schedule or
 * alert is claimed by moving its due time a lease ahead (FOR UPDATE SKIP LOCKED: one process takes it); a run cut short
 * by a crash is due again when the lease ends, and only a finished run moves it to its next regular time.
 */

const LEASE_MS = 30 * 60_000;
const CLAIM_BATCH = 10;
const MAX_SLEEP_MS = 15 * 60_000;

/** How long a scheduled run's file is kept for its recipients to download. */
export const RUN_FILE_DAYS = 7;

type TRunContext = { db: TDb; config: TQueueContext['config']; logger: TQueueContext['logger'] };

type TOwnerRow = { organization_id: string | null; path: string | null; trade_name: string | null };

/** The report's rows read by the runner: the declaration's source, counting what it hands out. */
function counting(source: TReportSource): { source: TReportSource; rows: () => number } {
  let rows = 0;
  return {
    source: {
      ...source,
      read: async (...args) => {
        const page = await source.read(...args);
        rows += page.rows.length;
        return page;
      },
    },
    rows: () => rows,
  };
}

/** The users who receive a schedule's or alert's mail: active users of its organisation (staff: none) holding the report. */
async function recipientsOf(db: TDb, organizationId: string | null, reportId: string) {
  const { rows } = await db.execute<{ id: string; email: string }>(sql`
    SELECT u.id, u.email FROM users u JOIN roles r ON r.id = u.role_id
    WHERE u.status = 'ACTIVE' AND u.organization_id IS NOT DISTINCT FROM ${organizationId}
      AND coalesce((r.auth_scopes -> ${reportId} ->> 'allowed')::boolean, false)
    ORDER BY u.id`);
  return rows;
}

async function mail(ctx: TRunContext, to: { id: string; email: string }[], message: { subject: string; body: string; template: string }) {
  if (!to.length) return;
  const messenger = createMessenger(ctx.config, ctx.logger);
  try {
    const ids = await ctx.db.transaction(async (tx) => {
      const out: string[] = [];
      for (const user of to)
        out.push(await messenger.enqueue(tx, { channel: 'EMAIL', to: user.email, recipientUserId: user.id, ...message }));
      return out;
    });
    await messenger.deliverNow(ctx.db, ids);
  } finally {
    messenger.close();
  }
}

function parsedFilters(report: TReportDeclaration, filters: Record<string, string>): TReportFilterValues {
  return reportFilterSchema(report).parse(filters) as TReportFilterValues;
}

/** Claims up to CLAIM_BATCH due alerts by moving their check a lease ahead; returns their ids. */
async function claimAlerts(db: TDb, now: Date): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    UPDATE report_alerts SET next_check_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
    WHERE id IN (SELECT id FROM report_alerts WHERE enabled AND next_check_at <= ${now.toISOString()}::timestamptz
      ORDER BY next_check_at LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  return rows.map((r) => r.id);
}

/**
 * Claims up to CLAIM_BATCH due schedules: in one transaction, each gets its run (RUNNING, its last run from now on, so
 * the console sees it being made) and its due time a lease ahead. Returns the schedules and their runs.
 */
async function claimSchedules(db: TDb, now: Date): Promise<{ scheduleId: string; runId: string }[]> {
  return await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string; organization_id: string | null; report_id: string; format: 'csv' | 'xlsx' }>(sql`
      SELECT id, organization_id, report_id, format FROM report_schedules
      WHERE enabled AND next_run_at <= ${now.toISOString()}::timestamptz
      ORDER BY next_run_at LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED`);
    const stamp = indiaDay(now);
    const claimed: { scheduleId: string; runId: string }[] = [];
    for (const s of rows) {
      const runId = newId();
      // A run still RUNNING was cut short (its process ended before the lease did): this run takes its place.
      await tx.execute(sql`UPDATE report_runs SET status = 'FAILED', error = 'Cut short; made again by the next run', finished_at = now()
        WHERE schedule_id = ${s.id} AND status = 'RUNNING'`);
      await tx.execute(sql`
        INSERT INTO report_runs (id, schedule_id, organization_id, report_id, format, status, file_name, expires_at)
        VALUES (${runId}, ${s.id}, ${s.organization_id}, ${s.report_id}, ${s.format}, 'RUNNING', ${`${s.report_id}-${stamp}.${s.format}`},
          ${new Date(now.getTime() + RUN_FILE_DAYS * 86_400_000).toISOString()}::timestamptz)`);
      await tx.execute(sql`
        UPDATE report_schedules SET last_run_id = ${runId}, next_run_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
        WHERE id = ${s.id}`);
      claimed.push({ scheduleId: s.id, runId });
    }
    return claimed;
  });
}

/** One run of a claimed schedule: the file stored in its run, the link mailed, the schedule moved to its next time. */
export async function runSchedule(ctx: TRunContext, scheduleId: string, runId: string, now: Date): Promise<void> {
  const { rows } = await ctx.db.execute<
    TOwnerRow & {
      report_id: string;
      name: string;
      filters: Record<string, string>;
      format: 'csv' | 'xlsx';
      lang: 'en' | 'hi';
      frequency: 'DAILY' | 'WEEKLY';
      weekday: number | null;
      hour: number;
    }
  >(
    sql`SELECT s.*, o.path, o.trade_name FROM report_schedules s LEFT JOIN organizations o ON o.id = s.organization_id WHERE s.id = ${scheduleId}`,
  );
  const schedule = rows[0];
  if (!schedule) return;
  const report = getReport(schedule.report_id)!;
  const stamp = indiaDay(now);
  const owner = { organizationId: schedule.organization_id, path: schedule.path };
  const label = `Schedule "${schedule.name}"`;
  const counted = counting(REPORT_SOURCES[report.id as keyof typeof REPORT_SOURCES]);
  let status: 'DONE' | 'FAILED' = 'DONE';
  let error: string | null = null;
  let bytes = 0;
  try {
    const file = await reportFile(
      { db: ctx.db, config: ctx.config, logger: ctx.logger } as TDeps,
      runnerActor(owner, label),
      report,
      counted.source,
      {
        filter: parsedFilters(report, schedule.filters),
        format: schedule.format,
        lang: schedule.lang,
        at: now,
      },
    );
    bytes = await storeRunFile(ctx.db, runId, file.stream);
  } catch (e) {
    status = 'FAILED';
    error = (e as Error).message.slice(0, 500);
    ctx.logger.warn({ scheduleId, runId, err: error }, 'scheduled report failed');
  }
  const to = status === 'DONE' ? await recipientsOf(ctx.db, schedule.organization_id, report.id) : [];
  await ctx.db.execute(sql`
    UPDATE report_runs SET status = ${status}, rows = ${counted.rows()}, bytes = ${bytes}, recipients = ${to.length}, error = ${error},
      finished_at = now() WHERE id = ${runId}`);
  await ctx.db.execute(sql`
    UPDATE report_schedules SET next_run_at = ${nextScheduleRun(schedule, now).toISOString()}::timestamptz WHERE id = ${scheduleId}`);
  if (status !== 'DONE') return;
  const title = report.title[schedule.lang];
  const whose = schedule.trade_name ? ` for ${schedule.trade_name}` : '';
  await mail(ctx, to, {
    template: 'report-scheduled',
    subject: `${title}${whose}: ${schedule.name} (${stamp})`,
    body: [
      `Your scheduled report "${schedule.name}" (${title}${whose}) is ready.`,
      `Rows: ${counted.rows().toLocaleString('en-IN')} · made ${indiaDateTime(now)} IST · ${schedule.format.toUpperCase()}.`,
      `Download it (sign-in needed; kept ${RUN_FILE_DAYS} days) from the report's schedules:`,
      `${ctx.config.publicUrl}/report/${report.id}`,
    ].join('\n'),
  });
}

/** One check of an alert: its report's rows for its filters counted up to threshold + 1; mails when it turns true. */
export async function checkAlert(ctx: TRunContext, alertId: string, now: Date): Promise<void> {
  const { rows } = await ctx.db.execute<
    TOwnerRow & {
      report_id: string;
      name: string;
      filters: Record<string, string>;
      threshold: number;
      check_every_minutes: number;
      state: 'OK' | 'TRIGGERED';
    }
  >(
    sql`SELECT a.*, o.path, o.trade_name FROM report_alerts a LEFT JOIN organizations o ON o.id = a.organization_id WHERE a.id = ${alertId}`,
  );
  const alert = rows[0];
  if (!alert) return;
  const report = getReport(alert.report_id)!;
  const next = new Date(now.getTime() + alert.check_every_minutes * 60_000).toISOString();
  const owner = { organizationId: alert.organization_id, path: alert.path };
  let count = 0;
  try {
    const source = REPORT_SOURCES[report.id as keyof typeof REPORT_SOURCES];
    const actor = runnerActor(owner, `Alert "${alert.name}"`);
    const filter = parsedFilters(report, alert.filters);
    // Pages until the threshold is passed or the rows run out (a SIM page may hold more rows than SIMs).
    let cursor: string | undefined;
    do {
      const page = await source.read({ db: ctx.db, config: ctx.config, logger: ctx.logger } as TDeps, actor, filter, {
        cursor,
        limit: Math.min(500, alert.threshold + 1 - count),
      });
      count += page.rows.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor && count <= alert.threshold);
  } catch (e) {
    const error = (e as Error).message.slice(0, 500);
    await ctx.db.execute(sql`UPDATE report_alerts SET last_error = ${error}, last_checked_at = ${now.toISOString()}::timestamptz,
      next_check_at = ${next}::timestamptz WHERE id = ${alertId}`);
    return;
  }
  const isTrue = count > alert.threshold;
  const turnedTrue = isTrue && alert.state === 'OK';
  await ctx.db.execute(sql`
    UPDATE report_alerts SET state = ${isTrue ? 'TRIGGERED' : 'OK'}, last_count = ${count}, last_error = NULL,
      last_checked_at = ${now.toISOString()}::timestamptz, next_check_at = ${next}::timestamptz,
      last_triggered_at = CASE WHEN ${turnedTrue} THEN ${now.toISOString()}::timestamptz ELSE last_triggered_at END
    WHERE id = ${alertId}`);
  if (!turnedTrue) return;
  const to = await recipientsOf(ctx.db, alert.organization_id, report.id);
  const whose = alert.trade_name ? ` for ${alert.trade_name}` : '';
  const query = new URLSearchParams(alert.filters).toString();
  await mail(ctx, to, {
    template: 'report-alert',
    subject: `Alert: ${alert.name}${whose}`,
    body: [
      `The alert "${alert.name}" (${report.title.en}${whose}) is now true: the report finds more than ${alert.threshold} row(s).`,
      `Checked ${indiaDateTime(now)} IST. See the rows:`,
      `${ctx.config.publicUrl}/report/${report.id}${query ? `?${query}` : ''}`,
    ].join('\n'),
  });
}

/** Runs what is due at `now` (schedules, then alerts), drops expired files; returns when to look again. */
export async function runDueReports(ctx: TRunContext, now = new Date()): Promise<Date> {
  for (;;) {
    const claimed = await claimSchedules(ctx.db, now);
    for (const c of claimed) await runSchedule(ctx, c.scheduleId, c.runId, now);
    if (claimed.length < CLAIM_BATCH) break;
  }
  for (;;) {
    const ids = await claimAlerts(ctx.db, now);
    for (const id of ids) await checkAlert(ctx, id, now);
    if (ids.length < CLAIM_BATCH) break;
  }
  await ctx.db.execute(sql`DELETE FROM report_runs WHERE expires_at < ${now.toISOString()}::timestamptz`);
  const { rows } = await ctx.db.execute<{ at: Date | null }>(sql`
    SELECT least((SELECT min(next_run_at) FROM report_schedules WHERE enabled), (SELECT min(next_check_at) FROM report_alerts WHERE enabled)) AS at`);
  const soonest = rows[0]?.at ? new Date(rows[0].at).getTime() : Number.POSITIVE_INFINITY;
  return new Date(Math.max(Date.now() + 1000, Math.min(soonest, Date.now() + MAX_SLEEP_MS)));
}

registerQueueHandler(REPORT_DUE_JOB, async (ctx): Promise<TQueueResult> => ({ again: await runDueReports(ctx) }));
