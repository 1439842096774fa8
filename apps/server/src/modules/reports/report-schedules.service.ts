import { newId } from '@tarang/shared/common/ids';
import { getReport, type TReportDeclaration } from '@tarang/shared/reports/report-catalogue';
import { reportFilterSchema, type TReportFilterValues } from '@tarang/shared/reports/report-query';
import type {
  TReportAlert,
  TReportAlertCreate,
  TReportAlertUpdate,
  TReportRun,
  TReportSchedule,
  TReportScheduleCreate,
  TReportScheduleUpdate,
} from '@tarang/shared/reports/report-schedule.schemas';
import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { whereOf } from '../../db/where';
import { AppError, fieldError, forbidden, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext, type TTenantScope } from '../../http/request-context';
import { assertOrganizationInScope, inScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { enqueue } from '../queue/queue';
import { REPORT_SOURCES } from './report-sources';
import { nextScheduleRun } from './report-timing';

/**
 * Schedules and alerts (spec §7 `report`, `report/alert`; docs/decisions/035-reports.md). Each belongs to an
 * organisation (none: the provider's staff) and covers that organisation's subtree. Who may see, change or make one:
 * a caller holding the report's permission whose reach includes that organisation (staff: every one); a staff-only
 * report belongs to staff. Anything else is a 404, as if it did not exist.
 */

export const REPORT_DUE_JOB = 'reports.due';
const REPORT_DUE_KEY = 'reports.due';

type TOwner = { organizationId: string | null; path: string | null };

/** The declaration of a report the caller may run: 403 without its permission (or without being staff for a staff-only one). */
export function reportFor(actor: TActor, reportId: string): TReportDeclaration {
  const report = getReport(reportId);
  if (!report) throw fieldError('VALIDATION_FAILED', 'reportId', 'Unknown report');
  if (!hasPermission(actor.authScopes, report.id) || (report.staffOnly && actor.scope.kind !== 'all')) {
    throw forbidden('You do not have permission to run this report');
  }
  return report;
}

/** The organisation a new schedule or alert belongs to: the caller's own, or one in reach (staff: any, or none). */
async function ownerFor(
  deps: TDeps,
  actor: TActor,
  report: TReportDeclaration,
  organizationId: string | null | undefined,
): Promise<TOwner> {
  if (organizationId === undefined) {
    if (actor.scope.kind === 'all') return { organizationId: null, path: null };
    return { organizationId: actor.scope.organizationId, path: actor.scope.path };
  }
  if (organizationId === null) {
    if (actor.scope.kind !== 'all') throw fieldError('NOT_FOUND', 'organizationId', 'Organisation not found');
    return { organizationId: null, path: null };
  }
  if (report.staffOnly)
    throw fieldError('VALIDATION_FAILED', 'organizationId', 'This report belongs to staff: it cannot be sent to an organisation');
  const path = await assertOrganizationInScope(deps.db, actor.scope, organizationId).catch(() => {
    throw fieldError('NOT_FOUND', 'organizationId', 'Organisation not found');
  });
  return { organizationId, path };
}

/** The reach a schedule or alert runs with: its organisation's subtree, or everything for staff. */
export function scopeOf(owner: TOwner): TTenantScope {
  return owner.organizationId && owner.path ? { kind: 'subtree', organizationId: owner.organizationId, path: owner.path } : { kind: 'all' };
}

/** Who a schedule or alert acts as when it runs: its organisation's reach, named after it. */
export function runnerActor(owner: TOwner, label: string): TActor {
  return {
    type: 'USER',
    userId: '',
    sessionId: '',
    label,
    organizationId: owner.organizationId,
    roleId: '',
    roleName: '',
    authScopes: {},
    scope: scopeOf(owner),
  };
}

/**
 * Checks saved filters against the report's declaration (400 naming `filters.<key>`) and by reading one row with the
 * owner's reach (an organisation filter out of that reach is a 404 naming `filters.organizationId`).
 */
async function checkedFilters(deps: TDeps, report: TReportDeclaration, owner: TOwner, filters: Record<string, string>): Promise<void> {
  const parsed = reportFilterSchema(report).safeParse(filters);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path.length ? String(issue.path[0]) : '';
    throw fieldError('VALIDATION_FAILED', key ? `filters.${key}` : 'filters', issue.message);
  }
  try {
    await REPORT_SOURCES[report.id as keyof typeof REPORT_SOURCES].read(
      deps,
      runnerActor(owner, 'check'),
      parsed.data as TReportFilterValues,
      { limit: 1 },
    );
  } catch (error) {
    if (error instanceof AppError && error.errors?.[0]) {
      const field = error.errors[0].path;
      throw fieldError(error.code, `filters.${field}`, error.errors[0].message);
    }
    throw error;
  }
}

/** Makes the due-work job run by `at` at the latest (it re-arms itself for the next schedule or alert after that). */
export async function armReportsDue(db: TExecutor, at: Date = new Date()): Promise<void> {
  await enqueue(db, { kind: REPORT_DUE_JOB, key: REPORT_DUE_KEY, payload: {}, runAt: at, maxAttempts: 20 });
}

// ── reads ──────────────────────────────────────────────────────────────────────────────────────────────────────

type TScheduleRow = {
  id: string;
  organization_id: string | null;
  trade_name: string | null;
  report_id: string;
  name: string;
  filters: Record<string, string>;
  format: 'csv' | 'xlsx';
  lang: 'en' | 'hi';
  frequency: 'DAILY' | 'WEEKLY';
  weekday: number | null;
  hour: number;
  enabled: boolean;
  next_run_at: Date;
  created_by_label: string;
  created_at: Date;
  run:
    | (Omit<TReportRun, 'createdAt' | 'finishedAt' | 'expiresAt'> & { createdAt: string; finishedAt: string | null; expiresAt: string })
    | null;
};

/** A timestamp as the database driver hands it (text or Date) in ISO form. */
const ms = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);

function toSchedule(r: TScheduleRow): TReportSchedule {
  return {
    id: r.id,
    reportId: r.report_id,
    organization: r.organization_id ? { id: r.organization_id, tradeName: r.trade_name ?? '' } : null,
    name: r.name,
    filters: r.filters,
    format: r.format,
    lang: r.lang,
    frequency: r.frequency,
    weekday: r.weekday,
    hour: r.hour,
    enabled: r.enabled,
    nextRunAt: ms(r.next_run_at)!,
    lastRun: r.run
      ? { ...r.run, createdAt: ms(r.run.createdAt)!, finishedAt: ms(r.run.finishedAt), expiresAt: ms(r.run.expiresAt)! }
      : null,
    createdBy: r.created_by_label,
    createdAt: ms(r.created_at)!,
  };
}

/** The reports the caller may run, as SQL on `report_id`. */
function reportsAllowed(actor: TActor, column: SQL): SQL {
  const ids = allowedReportIds(actor);
  return ids.length
    ? sql`${column} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
}

function allowedReportIds(actor: TActor): string[] {
  return Object.keys(REPORT_SOURCES).filter((id) => {
    const report = getReport(id)!;
    return hasPermission(actor.authScopes, id) && (!report.staffOnly || actor.scope.kind === 'all');
  });
}

/** Staff see every schedule; an organisation's user those of organisations in reach (never staff ones). */
function ownedInReach(actor: TActor, column: SQL): SQL | undefined {
  return actor.scope.kind === 'all' ? undefined : sql`${column} IS NOT NULL AND ${inScope(actor.scope, column)}`;
}

/** Schedules with their organisation and last run; `inReach` adds whether each is in the caller's reach. */
const scheduleSelect = (conditions: (SQL | undefined)[], inReach: SQL = sql`true`) => sql`
  SELECT (${inReach}) AS in_reach, s.id, s.organization_id, o.trade_name, s.report_id, s.name, s.filters, s.format, s.lang, s.frequency, s.weekday, s.hour,
    s.enabled, s.next_run_at, s.created_by_label, s.created_at,
    (SELECT json_build_object('id', r.id, 'status', r.status, 'rows', r.rows, 'bytes', r.bytes, 'fileName', r.file_name,
        'recipients', r.recipients, 'error', r.error, 'createdAt', r.created_at, 'finishedAt', r.finished_at, 'expiresAt', r.expires_at)
      FROM report_runs r WHERE r.id = s.last_run_id) AS run
  FROM report_schedules s LEFT JOIN organizations o ON o.id = s.organization_id
  ${whereOf(conditions)} ORDER BY s.created_at DESC, s.id DESC LIMIT 500`;

export async function listSchedules(deps: TDeps, ctx: TRequestContext, reportId?: string): Promise<TReportSchedule[]> {
  const actor = requireActor(ctx);
  if (reportId) reportFor(actor, reportId);
  const { rows } = await deps.db.execute<TScheduleRow>(
    scheduleSelect([
      ownedInReach(actor, sql`s.organization_id`),
      reportsAllowed(actor, sql`s.report_id`),
      reportId ? sql`s.report_id = ${reportId}` : undefined,
    ]),
  );
  return rows.map(toSchedule);
}

/**
 * One schedule or alert by id: 403 when the caller may not run its report (the route's permission, asked of the object
 * it names, as a declared permission is asked before anything is read), 404 when it is missing or out of reach.
 */
function foundFor<R extends { report_id: string; organization_id: string | null }>(
  actor: TActor,
  row: R | undefined,
  inReach: boolean,
  what: string,
): R {
  if (!row) throw notFound(`${what} not found`);
  reportFor(actor, row.report_id);
  if (!inReach) throw notFound(`${what} not found`);
  return row;
}

async function findSchedule(deps: TDeps, actor: TActor, id: string): Promise<TScheduleRow> {
  const { rows } = await deps.db.execute<TScheduleRow & { in_reach: boolean }>(
    scheduleSelect([sql`s.id = ${id}`], ownedInReach(actor, sql`s.organization_id`)),
  );
  return foundFor(actor, rows[0], rows[0]?.in_reach ?? false, 'Schedule');
}

export async function getSchedule(deps: TDeps, ctx: TRequestContext, id: string): Promise<TReportSchedule> {
  return toSchedule(await findSchedule(deps, requireActor(ctx), id));
}

async function ownerOfRow(deps: TDeps, organizationId: string | null): Promise<TOwner> {
  if (!organizationId) return { organizationId: null, path: null };
  const { rows } = await deps.db.execute<{ path: string }>(sql`SELECT path FROM organizations WHERE id = ${organizationId}`);
  return { organizationId, path: rows[0]?.path ?? null };
}

// ── changes ────────────────────────────────────────────────────────────────────────────────────────────────────

export async function createSchedule(deps: TDeps, ctx: TRequestContext, body: TReportScheduleCreate): Promise<TReportSchedule> {
  const actor = requireActor(ctx);
  const report = reportFor(actor, body.reportId);
  const owner = await ownerFor(deps, actor, report, body.organizationId);
  await checkedFilters(deps, report, owner, body.filters);
  const next = nextScheduleRun(body, new Date());
  const id = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      INSERT INTO report_schedules (id, organization_id, report_id, name, filters, format, lang, frequency, weekday, hour, enabled,
        next_run_at, created_by_id, created_by_label)
      VALUES (${newId()}, ${owner.organizationId}, ${report.id}, ${body.name}, ${JSON.stringify(body.filters)}::jsonb, ${body.format},
        ${body.lang}, ${body.frequency}, ${body.frequency === 'WEEKLY' ? body.weekday : null}, ${body.hour}, ${body.enabled},
        ${next.toISOString()}::timestamptz, ${actor.userId}, ${actor.label})
      RETURNING id`);
    const created = rows[0]!.id;
    await recordAudit(tx, ctx, {
      action: 'report.schedule.create',
      entityType: 'report_schedule',
      entityId: created,
      organizationId: owner.organizationId,
      after: { ...body, organizationId: owner.organizationId },
    });
    await armReportsDue(tx, next);
    return created;
  });
  return await getSchedule(deps, ctx, id);
}

export async function updateSchedule(deps: TDeps, ctx: TRequestContext, id: string, body: TReportScheduleUpdate): Promise<TReportSchedule> {
  const actor = requireActor(ctx);
  const before = await findSchedule(deps, actor, id);
  const report = reportFor(actor, before.report_id);
  const owner = await ownerOfRow(deps, before.organization_id);
  if (body.filters) await checkedFilters(deps, report, owner, body.filters);
  const merged = {
    frequency: body.frequency ?? before.frequency,
    weekday: body.weekday !== undefined ? body.weekday : before.weekday,
    hour: body.hour ?? before.hour,
  };
  if (merged.frequency === 'WEEKLY' && merged.weekday === null)
    throw fieldError('VALIDATION_FAILED', 'weekday', 'weekday is required for a weekly schedule');
  const next = nextScheduleRun(merged, new Date());
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE report_schedules SET name = ${body.name ?? before.name}, filters = ${JSON.stringify(body.filters ?? before.filters)}::jsonb,
        format = ${body.format ?? before.format}, lang = ${body.lang ?? before.lang}, frequency = ${merged.frequency},
        weekday = ${merged.frequency === 'WEEKLY' ? merged.weekday : null}, hour = ${merged.hour}, enabled = ${body.enabled ?? before.enabled},
        next_run_at = ${next.toISOString()}::timestamptz, updated_at = now()
      WHERE id = ${id}`);
    await recordAudit(tx, ctx, {
      action: 'report.schedule.update',
      entityType: 'report_schedule',
      entityId: id,
      organizationId: before.organization_id,
      before: toSchedule(before),
      after: body,
    });
    await armReportsDue(tx, next);
  });
  return await getSchedule(deps, ctx, id);
}

export async function deleteSchedule(deps: TDeps, ctx: TRequestContext, id: string): Promise<void> {
  const actor = requireActor(ctx);
  const before = await findSchedule(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM report_schedules WHERE id = ${id}`);
    await recordAudit(tx, ctx, {
      action: 'report.schedule.delete',
      entityType: 'report_schedule',
      entityId: id,
      organizationId: before.organization_id,
      before: toSchedule(before),
    });
  });
}

/** "Run now": the schedule becomes due at once (its regular time stays as it was after this run). */
export async function runScheduleNow(deps: TDeps, ctx: TRequestContext, id: string): Promise<TReportSchedule> {
  const actor = requireActor(ctx);
  const before = await findSchedule(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE report_schedules SET next_run_at = now(), enabled = true WHERE id = ${id}`);
    await recordAudit(tx, ctx, {
      action: 'report.schedule.run',
      entityType: 'report_schedule',
      entityId: id,
      organizationId: before.organization_id,
    });
    await armReportsDue(tx);
  });
  return await getSchedule(deps, ctx, id);
}

/** A run's file, for a caller who may see its schedule's report over its organisation. */
export async function findRunFile(deps: TDeps, ctx: TRequestContext, runId: string) {
  const actor = requireActor(ctx);
  const reach = ownedInReach(actor, sql`r.organization_id`) ?? sql`true`;
  const { rows } = await deps.db.execute<{
    id: string;
    report_id: string;
    organization_id: string | null;
    format: 'csv' | 'xlsx';
    file_name: string;
    status: string;
    in_reach: boolean;
  }>(sql`SELECT r.id, r.report_id, r.organization_id, r.format, r.file_name, r.status, (${reach}) AS in_reach
    FROM report_runs r WHERE r.id = ${runId} AND r.expires_at > now()`);
  const run = foundFor(actor, rows[0], rows[0]?.in_reach ?? false, 'Report file');
  if (run.status !== 'DONE') throw new AppError('CONFLICT', 'The report file is not ready');
  return run;
}

// ── alerts ─────────────────────────────────────────────────────────────────────────────────────────────────────

type TAlertRow = {
  id: string;
  organization_id: string | null;
  trade_name: string | null;
  report_id: string;
  name: string;
  filters: Record<string, string>;
  threshold: number;
  check_every_minutes: number;
  enabled: boolean;
  state: 'OK' | 'TRIGGERED';
  last_count: number | null;
  last_checked_at: Date | null;
  last_triggered_at: Date | null;
  last_error: string | null;
  next_check_at: Date;
  created_by_label: string;
  created_at: Date;
};

function toAlert(r: TAlertRow): TReportAlert {
  return {
    id: r.id,
    reportId: r.report_id,
    organization: r.organization_id ? { id: r.organization_id, tradeName: r.trade_name ?? '' } : null,
    name: r.name,
    filters: r.filters,
    threshold: r.threshold,
    checkEveryMinutes: r.check_every_minutes,
    enabled: r.enabled,
    state: r.state,
    lastCount: r.last_count,
    lastCheckedAt: ms(r.last_checked_at),
    lastTriggeredAt: ms(r.last_triggered_at),
    lastError: r.last_error,
    nextCheckAt: ms(r.next_check_at)!,
    createdBy: r.created_by_label,
    createdAt: ms(r.created_at)!,
  };
}

const alertSelect = (conditions: (SQL | undefined)[]) => sql`
  SELECT a.*, o.trade_name FROM report_alerts a LEFT JOIN organizations o ON o.id = a.organization_id
  ${whereOf(conditions)} ORDER BY a.created_at DESC, a.id DESC LIMIT 500`;

export async function listAlerts(deps: TDeps, ctx: TRequestContext, reportId?: string): Promise<TReportAlert[]> {
  const actor = requireActor(ctx);
  if (reportId) reportFor(actor, reportId);
  const { rows } = await deps.db.execute<TAlertRow>(
    alertSelect([
      ownedInReach(actor, sql`a.organization_id`),
      reportsAllowed(actor, sql`a.report_id`),
      reportId ? sql`a.report_id = ${reportId}` : undefined,
    ]),
  );
  return rows.map(toAlert);
}

async function findAlert(deps: TDeps, actor: TActor, id: string): Promise<TAlertRow> {
  const reach = ownedInReach(actor, sql`a.organization_id`) ?? sql`true`;
  const { rows } = await deps.db.execute<TAlertRow & { in_reach: boolean }>(sql`
    SELECT a.*, o.trade_name, (${reach}) AS in_reach FROM report_alerts a LEFT JOIN organizations o ON o.id = a.organization_id
    WHERE a.id = ${id}`);
  return foundFor(actor, rows[0], rows[0]?.in_reach ?? false, 'Alert');
}

export async function getAlert(deps: TDeps, ctx: TRequestContext, id: string): Promise<TReportAlert> {
  return toAlert(await findAlert(deps, requireActor(ctx), id));
}

export async function createAlert(deps: TDeps, ctx: TRequestContext, body: TReportAlertCreate): Promise<TReportAlert> {
  const actor = requireActor(ctx);
  const report = reportFor(actor, body.reportId);
  const owner = await ownerFor(deps, actor, report, body.organizationId);
  await checkedFilters(deps, report, owner, body.filters);
  const id = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      INSERT INTO report_alerts (id, organization_id, report_id, name, filters, threshold, check_every_minutes, enabled, next_check_at,
        created_by_id, created_by_label)
      VALUES (${newId()}, ${owner.organizationId}, ${report.id}, ${body.name}, ${JSON.stringify(body.filters)}::jsonb, ${body.threshold},
        ${body.checkEveryMinutes}, ${body.enabled}, now(), ${actor.userId}, ${actor.label})
      RETURNING id`);
    const created = rows[0]!.id;
    await recordAudit(tx, ctx, {
      action: 'report.alert.create',
      entityType: 'report_alert',
      entityId: created,
      organizationId: owner.organizationId,
      after: { ...body, organizationId: owner.organizationId },
    });
    // The first check runs at once: an alert that is already true says so now, not in an hour.
    await armReportsDue(tx);
    return created;
  });
  return await getAlert(deps, ctx, id);
}

export async function updateAlert(deps: TDeps, ctx: TRequestContext, id: string, body: TReportAlertUpdate): Promise<TReportAlert> {
  const actor = requireActor(ctx);
  const before = await findAlert(deps, actor, id);
  const report = reportFor(actor, before.report_id);
  if (body.filters) await checkedFilters(deps, report, await ownerOfRow(deps, before.organization_id), body.filters);
  // A changed condition is a new condition: it is checked at once and mails again when true.
  const changed = body.filters !== undefined || body.threshold !== undefined;
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE report_alerts SET name = ${body.name ?? before.name}, filters = ${JSON.stringify(body.filters ?? before.filters)}::jsonb,
        threshold = ${body.threshold ?? before.threshold}, check_every_minutes = ${body.checkEveryMinutes ?? before.check_every_minutes},
        enabled = ${body.enabled ?? before.enabled}, state = ${changed ? 'OK' : before.state}, next_check_at = now(), updated_at = now()
      WHERE id = ${id}`);
    await recordAudit(tx, ctx, {
      action: 'report.alert.update',
      entityType: 'report_alert',
      entityId: id,
      organizationId: before.organization_id,
      before: toAlert(before),
      after: body,
    });
    await armReportsDue(tx);
  });
  return await getAlert(deps, ctx, id);
}

export async function deleteAlert(deps: TDeps, ctx: TRequestContext, id: string): Promise<void> {
  const actor = requireActor(ctx);
  const before = await findAlert(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM report_alerts WHERE id = ${id}`);
    await recordAudit(tx, ctx, {
      action: 'report.alert.delete',
      entityType: 'report_alert',
      entityId: id,
      organizationId: before.organization_id,
      before: toAlert(before),
    });
  });
}
