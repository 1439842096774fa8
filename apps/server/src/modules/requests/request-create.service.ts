import { newId } from '@tarang/shared/common/ids';
import {
  jobProfileLabel,
  REQUEST_ROW_REASONS,
  REQUEST_ROWS_REPORTED_MAX,
  REQUEST_TRANSITIONS,
  type TRequestType,
} from '@tarang/shared/requests/request.constants';
import type { TRequestCreate, TRequestPreview } from '@tarang/shared/requests/request.schemas';

/** A request as this service makes it: POST /request's body, or another module's request of its own type. */
type TRequestMake = Omit<TRequestCreate, 'type'> & { type: TRequestType };

import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { whereOf } from '../../db/where';
import { AppError, fieldError } from '../../http/app-error';
import { claimIdempotencyKey, fingerprintOf, keyReusedError } from '../../http/idempotency';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { storedActor } from '../sims/sim-moves.service';
import { simConditions, type TResolvedFilter } from '../sims/sims.repository';
import { resolveFilter } from '../sims/sims.service';
import { markCheckpoint } from './jobs.repository';
import { enqueueMnoJob } from './request-engine';
import { findRequestFile } from './request-files.service';
import { getRequestView } from './requests.service';

/**
 * POST /request: the per-SIM validation, the preview, and the request with its batch job, MNO jobs and one task per
 * valid SIM, made in one transaction with the queue jobs that will carry it out (docs/decisions/013).
 */

type TValidated = {
  preview: TRequestPreview;
  /** For a list: the valid SIMs; for a filter: the SQL that selects them. */
  simIds: string[] | null;
  validSql: SQL | null;
  /** The organisation of the valid SIMs when they all belong to one (null: several, or stock). */
  singleOrganization: string | null;
  /** For a file: its name, its first 20 ICCIDs and how many it names (what the request keeps of it). */
  file: { fileName: string; first: string[]; count: number } | null;
};

/**
 * ICCIDs to check, as SQL rows `r(iccid, ord)`: the body's list (ord = position) or an uploaded file's rows, read
 * where they are (ord = the file's row number).
 */
const listRows = (iccids: string[]) => sql`unnest(${sql.param(iccids)}::text[]) WITH ORDINALITY AS r(iccid, ord)`;
const fileRows = (fileId: string) => sql`(SELECT iccid, row FROM request_file_rows WHERE file_id = ${fileId}) AS r(iccid, ord)`;

/** SQL: the reason a SIM `s` cannot take the request, or NULL when it can. */
function reasonSql(type: TRequestType, imei: string | undefined): SQL {
  const t = REQUEST_TRANSITIONS[type];
  const from = sql.join(
    t.from.map((v) => sql`${v}`),
    sql`, `,
  );
  const busy = sql`EXISTS (SELECT 1 FROM job_tasks jt WHERE jt.sim_id = s.id AND jt.status IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED'))`;
  const extra =
    type === 'IMEI_LOCK' && !imei
      ? sql`WHEN s.last_imei IS NULL THEN ${REQUEST_ROW_REASONS.noImei}`
      : type === 'IMEI_UNLOCK'
        ? sql`WHEN NOT s.imei_lock THEN ${REQUEST_ROW_REASONS.notLocked}`
        : sql``;
  return sql`CASE WHEN s.status NOT IN (${from}) THEN 'Status ' || s.status || ${`: ${t.label} needs ${t.from.join(' or ')}`}
    WHEN ${busy} THEN ${REQUEST_ROW_REASONS.busy} ${extra} ELSE NULL END`;
}

const primaryOperator = sql`(SELECT p0.operator FROM sim_profiles p0 WHERE p0.sim_id = s.id AND p0.position = 0)`;

async function validateList(db: TExecutor, actor: TActor, body: TRequestMake, source: SQL): Promise<TValidated> {
  const { rows } = await db.execute<{
    ord: number;
    iccid: string;
    sim_id: string | null;
    org_id: string | null;
    org_path: string | null;
    operator: string | null;
    reason: string | null;
  }>(sql`SELECT r.ord::int AS ord, r.iccid, s.id AS sim_id, s.organization_id AS org_id, o.path AS org_path,
      ${primaryOperator} AS operator, ${reasonSql(body.type, body.imei)} AS reason
    FROM ${source}
    LEFT JOIN sim_profiles p ON p.iccid = r.iccid
    LEFT JOIN sims s ON s.id = p.sim_id
    LEFT JOIN organizations o ON o.id = s.organization_id
    ORDER BY r.ord`);
  const firstRow = new Map<string, number>();
  const issues: TRequestPreview['rows'] = [];
  const operators: Record<string, number> = {};
  const simIds: string[] = [];
  const orgs = new Set<string | null>();
  let invalid = 0;
  for (const row of rows) {
    const reachable = row.sim_id && (actor.scope.kind === 'all' || (row.org_path?.startsWith(actor.scope.path) ?? false));
    let reason: string | null = null;
    if (!reachable) reason = REQUEST_ROW_REASONS.notFound;
    else if (firstRow.has(row.sim_id!)) reason = REQUEST_ROW_REASONS.listedTwice(firstRow.get(row.sim_id!)!);
    else reason = row.reason;
    if (reachable && !firstRow.has(row.sim_id!)) firstRow.set(row.sim_id!, row.ord);
    if (reason) {
      invalid++;
      if (issues.length < REQUEST_ROWS_REPORTED_MAX) issues.push({ row: row.ord, iccid: row.iccid, reason });
      continue;
    }
    simIds.push(row.sim_id!);
    orgs.add(row.org_id);
    operators[row.operator!] = (operators[row.operator!] ?? 0) + 1;
  }
  const reasons: Record<string, number> = {};
  for (const issue of issues) reasons[issue.reason] = (reasons[issue.reason] ?? 0) + 1;
  return {
    preview: {
      type: body.type,
      total: rows.length,
      valid: simIds.length,
      invalid,
      operators,
      profile: jobProfileLabel(Object.keys(operators)),
      rows: issues,
      reasons,
    },
    simIds,
    validSql: null,
    singleOrganization: orgs.size === 1 ? ([...orgs][0] ?? null) : null,
    file: null,
  };
}

/** A filter's SIMs (the first `limit` by ICCID when given), inside the caller's reach, with each one's reason. */
function filterCandidates(actor: TActor, f: TResolvedFilter, type: TRequestType, imei: string | undefined, limit?: number): SQL {
  return sql`SELECT s.id, s.primary_iccid, s.organization_id, ${primaryOperator} AS operator, ${reasonSql(type, imei)} AS reason
    FROM sims s ${whereOf(simConditions(actor.scope, f))} ORDER BY s.primary_iccid ${limit ? sql`LIMIT ${limit}` : sql``}`;
}

async function validateFilter(db: TExecutor, actor: TActor, f: TResolvedFilter, body: TRequestMake): Promise<TValidated> {
  const candidates = filterCandidates(actor, f, body.type, body.imei, body.limit);
  const { rows: counts } = await db.execute<{
    reason: string | null;
    operator: string | null;
    n: number;
    org_min: string | null;
    org_max: string | null;
    stock: boolean;
  }>(sql`
    SELECT reason, CASE WHEN reason IS NULL THEN operator END AS operator, count(*)::int AS n,
      min(organization_id) AS org_min, max(organization_id) AS org_max, bool_or(organization_id IS NULL) AS stock
    FROM (${candidates}) c GROUP BY 1, 2`);
  const operators: Record<string, number> = {};
  const reasons: Record<string, number> = {};
  let valid = 0;
  let invalid = 0;
  const orgs = new Set<string | null>();
  for (const c of counts) {
    if (c.reason) {
      reasons[c.reason] = (reasons[c.reason] ?? 0) + c.n;
      invalid += c.n;
    } else {
      operators[c.operator ?? 'AIRTEL'] = (operators[c.operator ?? 'AIRTEL'] ?? 0) + c.n;
      valid += c.n;
      orgs.add(c.org_min);
      orgs.add(c.org_max);
      if (c.stock) orgs.add(null);
    }
  }
  const { rows: sample } = invalid
    ? await db.execute<{ primary_iccid: string; reason: string }>(
        sql`SELECT primary_iccid, reason FROM (${candidates}) c WHERE reason IS NOT NULL LIMIT ${REQUEST_ROWS_REPORTED_MAX}`,
      )
    : { rows: [] };
  return {
    preview: {
      type: body.type,
      total: valid + invalid,
      valid,
      invalid,
      operators,
      profile: jobProfileLabel(Object.keys(operators)),
      rows: sample.map((r) => ({ row: null, iccid: r.primary_iccid, reason: r.reason })),
      reasons,
    },
    simIds: null,
    validSql: sql`SELECT id, primary_iccid, operator FROM (${candidates}) c WHERE reason IS NULL`,
    singleOrganization: orgs.size === 1 ? ([...orgs][0] ?? null) : null,
    file: null,
  };
}

/** The body as the idempotency fingerprint sees it: key order does not matter, dryRun is not part of it. */
function fingerprint(body: TRequestMake): string {
  const { dryRun: _dry, ...rest } = body;
  return fingerprintOf(rest);
}

export function checkRequestPermission(actor: TActor, type: TRequestType): void {
  if (type === 'TERMINATE' && !hasPermission(actor.authScopes, 'termination', 'addTermination')) {
    throw new AppError('FORBIDDEN', 'A termination needs the Add Termination permission');
  }
}

async function validate(deps: TDeps, actor: TActor, body: TRequestMake): Promise<TValidated> {
  if (body.iccids) return await validateList(deps.db, actor, body, listRows(body.iccids));
  if (body.fileId) {
    const file = await findRequestFile(deps.db, actor, body.fileId);
    const v = await validateList(deps.db, actor, body, fileRows(body.fileId));
    return { ...v, file: { fileName: file.fileName, first: file.first, count: v.preview.total } };
  }
  const f = await resolveFilter(deps, actor, body.filter!, 'filter.organizationId');
  return await validateFilter(deps.db, actor, f, body);
}

function refusal(v: TValidated, body: TRequestMake): AppError {
  const rows = v.preview.rows.map((r) =>
    body.fileId
      ? { path: 'fileId', message: `Row ${r.row} (${r.iccid}): ${r.reason}` }
      : { path: r.row ? `iccids.${r.row - 1}` : 'filter', message: r.row ? r.reason : `${r.iccid}: ${r.reason}` },
  );
  const label = REQUEST_TRANSITIONS[body.type].label;
  const message =
    v.preview.valid === 0
      ? `None of the ${v.preview.total} SIMs can take ${label}`
      : `${v.preview.invalid} of ${v.preview.total} SIMs cannot take ${label}; send proceedWithValid: true to go ahead with the other ${v.preview.valid}`;
  const path = body.iccids ? 'iccids' : body.fileId ? 'fileId' : 'filter';
  return new AppError('UNPROCESSABLE', message, { errors: rows.length ? rows : [{ path, message }] });
}

export type TCreateResult = { request: Awaited<ReturnType<typeof getRequestView>>; preview: TRequestPreview; replayed: boolean };

/**
 * Validates and (unless `dryRun`) creates the request. With an `Idempotency-Key`, the same key and body answer the
 * request made the first time; the same key with another body is a 422.
 */
/** What a caller that builds on a request adds to its creation (an activation holds its money in the same transaction). */
export type TCreateOptions = {
  /** Checks the validated SIMs before anything is made, dry runs included. */
  check?: (v: { preview: TRequestPreview; singleOrganization: string | null }) => void | Promise<void>;
  /**
   * Runs first in the request's transaction, before anything is written: where a caller takes its locks, so that they
   * come before the audit trail's (an activation locks the buyer's wallet here; the settling of tasks takes a wallet
   * and then the audit trail, so the other order could deadlock).
   */
  before?: (tx: TExecutor) => Promise<void>;
  /** Runs in the request's transaction once its tasks are made; throwing makes nothing. */
  within?: (tx: TExecutor, made: { requestId: string; jobId: string; total: number; organizationId: string | null }) => Promise<void>;
  /** What the Idempotency-Key's fingerprint covers besides the request body. */
  fingerprintExtra?: unknown;
  /** Kept with the request (the engine reads them: a whitelist request's items). */
  params?: Record<string, unknown>;
  /** One task per profile of each SIM, each to its profile's operator (whitelists), instead of one per SIM. */
  perProfile?: boolean;
  /** Every task through this gateway instead of its SIM's operator (firmware: the device-management gateway). */
  gateway?: string;
};

export async function createRequest(
  deps: TDeps,
  ctx: TRequestContext,
  body: TRequestMake,
  idempotencyKey: string | null,
  options: TCreateOptions = {},
): Promise<{ preview: TRequestPreview; created: TCreateResult | null }> {
  const actor = requireActor(ctx);
  checkRequestPermission(actor, body.type);
  if (body.scheduledAt && Date.parse(body.scheduledAt) < Date.now() - 60_000) {
    throw fieldError('VALIDATION_FAILED', 'scheduledAt', 'scheduledAt is in the past');
  }
  const scope = `user:${actor.userId}`;
  const print =
    options.fingerprintExtra === undefined
      ? fingerprint(body)
      : fingerprintOf({ request: fingerprint(body), extra: options.fingerprintExtra });
  if (idempotencyKey && !body.dryRun) {
    const replay = await findIdempotent(deps.db, scope, idempotencyKey, print);
    if (replay) return await replayed(deps, ctx, replay);
  }
  const v = await validate(deps, actor, body);
  await options.check?.(v);
  if (body.dryRun) return { preview: v.preview, created: null };
  if (v.preview.valid === 0 || (v.preview.invalid > 0 && !body.proceedWithValid)) throw refusal(v, body);

  const requestId = newId();
  const made = await deps.db.transaction(async (tx) => {
    if (idempotencyKey) {
      const claimed = await claimIdempotencyKey(tx, {
        scope,
        key: idempotencyKey,
        fingerprint: print,
        entityType: 'request',
        entityId: requestId,
      });
      if (!claimed) return null; // made by a concurrent call with the same key: answered below
    }
    await options.before?.(tx);
    const inserted = await insertRequest(tx, ctx, actor, body, v, requestId, options);
    await options.within?.(tx, { requestId, jobId: inserted.jobId, total: inserted.total, organizationId: inserted.organizationId });
    return inserted;
  });
  if (!made) {
    const replay = await findIdempotent(deps.db, scope, idempotencyKey!, print);
    if (!replay) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is being made; try again');
    return await replayed(deps, ctx, replay);
  }
  const request = await getRequestView(deps, ctx, requestId);
  return { preview: made.preview, created: { request, preview: made.preview, replayed: false } };
}

async function findIdempotent(db: TExecutor, scope: string, key: string, print: string) {
  const { rows } = await db.execute<{ fingerprint: string; entity_id: string; validation: TRequestPreview }>(sql`
    SELECT k.fingerprint, k.entity_id, r.validation FROM idempotency_keys k JOIN requests r ON r.id = k.entity_id
    WHERE k.scope = ${scope} AND k.key = ${key}`);
  const row = rows[0];
  if (!row) return null;
  if (row.fingerprint !== print) throw keyReusedError();
  return { requestId: row.entity_id, preview: row.validation };
}

async function replayed(deps: TDeps, ctx: TRequestContext, replay: { requestId: string; preview: TRequestPreview }) {
  const request = await getRequestView(deps, ctx, replay.requestId);
  return { preview: replay.preview, created: { request, preview: replay.preview, replayed: true } };
}

async function insertRequest(
  tx: TExecutor,
  ctx: TRequestContext,
  actor: TActor,
  body: TRequestMake,
  v: TValidated,
  requestId: string,
  options: TCreateOptions,
) {
  const jobId = newId();
  const mnoIds: Record<string, string> = options.gateway ? { [options.gateway]: newId() } : { AIRTEL: newId(), BSNL: newId(), VI: newId() };
  // The request belongs to the organisation of its SIMs when they share one (so that organisation sees it), else to
  // the caller's organisation (staff: the provider, null).
  const organizationId = v.singleOrganization ?? (actor.scope.kind === 'subtree' ? actor.scope.organizationId : null);
  const target = body.iccids
    ? { iccids: body.iccids.slice(0, 20), iccidCount: body.iccids.length }
    : v.file
      ? { fileId: body.fileId, fileName: v.file.fileName, iccids: v.file.first, iccidCount: v.file.count }
      : { filter: body.filter, ...(body.limit ? { limit: body.limit } : {}) };
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
  await tx.execute(sql`INSERT INTO requests (id, type, organization_id, created_by_id, created_by_label, actor, target, params,
      validation, reason, scheduled_at)
    VALUES (${requestId}, ${body.type}, ${organizationId}, ${actor.userId}, ${actor.label}, ${JSON.stringify(storedActor(ctx))}::jsonb,
      ${JSON.stringify(target)}::jsonb, ${JSON.stringify({ ...(body.imei ? { imei: body.imei } : {}), ...options.params })}::jsonb, ${JSON.stringify(v.preview)}::jsonb,
      ${body.reason ?? null}, ${scheduledAt?.toISOString() ?? null}::timestamptz)`);
  const { rows: numbered } = await tx.execute<{ n: string }>(sql`SELECT 'BJ' || lpad(nextval('batch_job_numbers')::text, 8, '0') AS n`);
  const batchJobId = numbered[0]!.n;
  await tx.execute(sql`INSERT INTO batch_jobs (id, batch_job_id, request_id, organization_id, type, status, sims_count, profile, scheduled_at)
    VALUES (${jobId}, ${batchJobId}, ${requestId}, ${organizationId}, ${body.type}, 'QUEUED', 0, '', ${scheduledAt?.toISOString() ?? null}::timestamptz)`);
  const sims = v.simIds
    ? sql`SELECT s.id, s.primary_iccid, ${primaryOperator} AS operator
        FROM sims s JOIN unnest(${sql.param(v.simIds)}::char(24)[]) WITH ORDINALITY AS x(id, ord) ON x.id = s.id ORDER BY x.ord`
    : v.validSql!;
  const source = options.perProfile
    ? sql`SELECT c.id, p.iccid AS primary_iccid, p.operator FROM (${sims}) c JOIN sim_profiles p ON p.sim_id = c.id`
    : options.gateway
      ? sql`SELECT c.id, c.primary_iccid, ${options.gateway}::text AS operator FROM (${sims}) c`
      : sims;
  const mnoOf = sql.join(
    Object.entries(mnoIds).map(([operator, id]) => sql`WHEN ${operator} THEN ${id}`),
    sql` `,
  );
  // One task per SIM (or per profile), its MNO job by operator; the SIM's history links to the batch.
  const { rows: perOperator } = await tx.execute<{ operator: string; n: number }>(sql`
    WITH ins AS (
      INSERT INTO job_tasks (job_id, mno_job_id, sim_id, iccid, operator)
      SELECT ${jobId}, CASE coalesce(c.operator, 'AIRTEL') ${mnoOf} END, c.id, c.primary_iccid, coalesce(c.operator, 'AIRTEL')
      FROM (${source}) c
      RETURNING sim_id, operator),
    linked AS (INSERT INTO sim_history (sim_id, operation_id) SELECT DISTINCT sim_id, ${jobId} FROM ins)
    SELECT operator, count(*)::int AS n FROM ins GROUP BY operator`);
  const total = perOperator.reduce((sum, r) => sum + r.n, 0);
  if (total === 0) {
    throw new AppError('UNPROCESSABLE', `None of the SIMs can take ${REQUEST_TRANSITIONS[body.type].label}`, {
      errors: [{ path: body.iccids ? 'iccids' : body.fileId ? 'fileId' : 'filter', message: 'No SIM left to change' }],
    });
  }
  const profile = jobProfileLabel(perOperator.map((r) => r.operator));
  await tx.execute(sql`UPDATE batch_jobs SET sims_count = ${total}, profile = ${profile} WHERE id = ${jobId}`);
  for (const { operator, n } of perOperator) {
    await tx.execute(sql`INSERT INTO mno_jobs (id, job_id, operator, operation, tasks_count)
      VALUES (${mnoIds[operator]!}, ${jobId}, ${operator}, ${body.type}, ${n})`);
    await enqueueMnoJob(tx, mnoIds[operator]!, scheduledAt ?? undefined);
  }
  const by = { id: actor.userId, label: actor.label };
  await markCheckpoint(tx, requestId, 'RECEIVED', by);
  await markCheckpoint(tx, requestId, 'VALIDATED', null);
  await tx.execute(sql`UPDATE request_checkpoints SET automatic = true WHERE request_id = ${requestId} AND step = 'RECEIVED'`);
  const preview = { ...v.preview, valid: total };
  await recordAudit(tx, ctx, {
    action: `request.${body.type.toLowerCase()}`,
    entityType: 'sim_batch',
    entityId: jobId,
    organizationId,
    after: {
      requestId,
      batchJobId,
      type: body.type,
      simsCount: total,
      left: v.preview.invalid,
      profile,
      ...target,
      ...(body.reason ? { reason: body.reason } : {}),
      ...(scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}),
    },
  });
  return { preview, jobId, total, organizationId };
}
