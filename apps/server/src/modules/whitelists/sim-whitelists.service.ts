import type { TWhitelistRequestType } from '@tarang/shared/requests/request.constants';
import type {
  TSimWhitelist,
  TSimWhitelistListQuery,
  TWhitelistApply,
  TWhitelistCancel,
  TWhitelistKind,
  TWhitelistResync,
  TWhitelistSyncState,
} from '@tarang/shared/whitelists/whitelist.schemas';
import { RESYNC_REASONS, WHITELIST_SYNC_STATES } from '@tarang/shared/whitelists/whitelist.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError, fieldError } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { escapeLike } from '../../lib/list-query';
import { createRequest } from '../requests/request-create.service';
import { findIpGroup } from './ip-groups.repository';
import { findNumberGroup } from './number-groups.repository';

/**
 * Whitelists on SIMs (issue 15, docs/decisions/026-whitelisting.md): a group applied to each profile of the SIMs, or
 * the whitelist of a kind taken off, is a request of the engine (one task per profile, to the profile's operator).
 * `sim_whitelists` keeps each profile's desired whitelist and the task that applies it; the sync state is read from
 * that task, so it is exactly what the engine did, crash or not.
 */

const TYPES: Record<TWhitelistKind, { apply: TWhitelistRequestType; cancel: TWhitelistRequestType }> = {
  IP: { apply: 'WHITELIST_IP', cancel: 'WHITELIST_IP_CANCEL' },
  NUMBER: { apply: 'WHITELIST_NUMBER', cancel: 'WHITELIST_NUMBER_CANCEL' },
};

type TDesired = { groupId: string | null; groupName: string | null; organizationPath: string | null; items: unknown[] | null };

/** The group to apply: in reach (404 naming groupId), and usable — an IP group approved and active, a number group not empty. */
async function desiredOf(db: TExecutor, actor: TActor, kind: TWhitelistKind, groupId: string): Promise<TDesired & { version: string }> {
  if (kind === 'IP') {
    const found = await findIpGroup(db, actor.scope, groupId);
    if (!found) throw fieldError('NOT_FOUND', 'groupId', 'IP group not found');
    const g = found.group;
    if (g.entries.length === 0) throw fieldError('UNPROCESSABLE', 'groupId', 'This IP group has no approved entries yet');
    if (g.status !== 'ACTIVE') throw fieldError('UNPROCESSABLE', 'groupId', 'This IP group is inactive: activate it first');
    return {
      groupId,
      groupName: g.name,
      organizationPath: await pathOf(db, g.organizationId),
      items: g.entries,
      version: g.updatedAt.toISOString(),
    };
  }
  const found = await findNumberGroup(db, actor.scope, groupId);
  if (!found) throw fieldError('NOT_FOUND', 'groupId', 'Number group not found');
  const { rows } = await db.execute<{ number: string }>(
    sql`SELECT number FROM number_group_numbers WHERE group_id = ${groupId} ORDER BY number`,
  );
  if (rows.length === 0) throw fieldError('UNPROCESSABLE', 'groupId', 'This number group has no numbers yet');
  return {
    groupId,
    groupName: found.group.name,
    organizationPath: await pathOf(db, found.group.organizationId),
    items: rows.map((r) => r.number),
    version: found.group.updatedAt.toISOString(),
  };
}

async function pathOf(db: TExecutor, organizationId: string): Promise<string> {
  const { rows } = await db.execute<{ path: string }>(sql`SELECT path FROM organizations WHERE id = ${organizationId}`);
  return rows[0]!.path;
}

/** Makes the request and records, in its transaction, what each of its profiles is to hold. */
async function whitelistRequest(
  deps: TDeps,
  ctx: TRequestContext,
  kind: TWhitelistKind,
  type: TWhitelistRequestType,
  body: TWhitelistCancel,
  desired: TDesired,
  key: string | null,
  fingerprintExtra: unknown,
) {
  const targetPath = body.iccids ? 'iccids' : body.fileId ? 'fileId' : 'filter';
  const outside = (n: number) =>
    fieldError('UNPROCESSABLE', targetPath, `${n} of the SIMs do not belong to ${desired.groupName}'s organisation or one below it`);
  // SIMs of one organisation (the usual case) are checked once, by its path; SIMs of several, one by one with the tasks.
  let checkEach = desired.organizationPath !== null;
  return await createRequest(deps, ctx, { ...body, type }, key, {
    check: async (v) => {
      if (!desired.organizationPath || !v.singleOrganization) return;
      const path = await pathOf(deps.db, v.singleOrganization);
      if (!path.startsWith(desired.organizationPath)) throw outside(v.preview.valid);
      checkEach = false;
    },
    perProfile: true,
    fingerprintExtra,
    params: {
      whitelist: { kind, items: desired.items },
      ...(desired.groupId ? { groupId: desired.groupId, groupName: desired.groupName } : {}),
    },
    within: async (tx, made) => {
      if (checkEach && desired.organizationPath) {
        // A group is its organisation's: it goes on SIMs of that organisation or below it only.
        const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(DISTINCT t.sim_id)::int AS n
          FROM job_tasks t JOIN sims s ON s.id = t.sim_id LEFT JOIN organizations o ON o.id = s.organization_id
          WHERE t.job_id = ${made.jobId} AND (o.path IS NULL OR o.path NOT LIKE ${`${escapeLike(desired.organizationPath)}%`})`);
        if (rows[0]!.n > 0) throw outside(rows[0]!.n);
      }
      await tx.execute(sql`
        INSERT INTO sim_whitelists (iccid, kind, sim_id, operator, group_id, group_name, items, request_id, task_id, updated_at)
        SELECT t.iccid, ${kind}, t.sim_id, t.operator, ${desired.groupId}, ${desired.groupName},
          ${desired.items === null ? null : JSON.stringify(desired.items)}::jsonb, ${made.requestId}, t.id, now()
        FROM job_tasks t WHERE t.job_id = ${made.jobId}
        ON CONFLICT (iccid, kind) DO UPDATE SET
          -- What the operator holds until this task has run: the whitelist before, if its task succeeded, else the one before that.
          (previous_group_id, previous_group_name, previous_items, previous_task_id) = (
            SELECT CASE WHEN held THEN sim_whitelists.group_id ELSE sim_whitelists.previous_group_id END,
              CASE WHEN held THEN sim_whitelists.group_name ELSE sim_whitelists.previous_group_name END,
              CASE WHEN held THEN sim_whitelists.items ELSE sim_whitelists.previous_items END,
              CASE WHEN held THEN sim_whitelists.task_id ELSE sim_whitelists.previous_task_id END
            FROM (SELECT coalesce((SELECT status = 'SUCCEEDED' FROM job_tasks WHERE id = sim_whitelists.task_id), false) AS held) h),
          sim_id = EXCLUDED.sim_id, operator = EXCLUDED.operator, group_id = EXCLUDED.group_id,
          group_name = EXCLUDED.group_name, items = EXCLUDED.items, request_id = EXCLUDED.request_id, task_id = EXCLUDED.task_id,
          drifted_at = NULL, drift_note = NULL, updated_at = now()`);
    },
  });
}

/** Whitelist IP / Whitelist numbers: the group onto every profile of the SIMs (Edit: another group, one request). */
export async function applyWhitelist(deps: TDeps, ctx: TRequestContext, kind: TWhitelistKind, body: TWhitelistApply, key: string | null) {
  const actor = requireActor(ctx);
  const { groupId, ...targets } = body;
  const desired = await desiredOf(deps.db, actor, kind, groupId);
  return await whitelistRequest(deps, ctx, kind, TYPES[kind].apply, targets, desired, key, { groupId, version: desired.version });
}

/** Cancel Whitelist: the whitelist of this kind taken off every profile of the SIMs, now or at `scheduledAt`. */
export async function cancelWhitelist(deps: TDeps, ctx: TRequestContext, kind: TWhitelistKind, body: TWhitelistCancel, key: string | null) {
  requireActor(ctx);
  const none: TDesired = { groupId: null, groupName: null, organizationPath: null, items: null };
  return await whitelistRequest(deps, ctx, kind, TYPES[kind].cancel, body, none, key, { cancel: kind });
}

/**
 * Re-sync: the group applied again, in one request, to every SIM in the caller's reach with a profile holding it that
 * the operator drifted from (DRIFTED), refused (FAILED), or that was given the group before its entries or numbers
 * last changed (OUTDATED). The request is like Whitelist IP / numbers on those SIMs (preview, proceedWithValid,
 * Idempotency-Key); none needing it is a 422 naming `groupId`.
 */
export async function resyncWhitelist(deps: TDeps, ctx: TRequestContext, kind: TWhitelistKind, body: TWhitelistResync, key: string | null) {
  const actor = requireActor(ctx);
  const desired = await desiredOf(deps.db, actor, kind, body.groupId);
  const reasons = new Set(body.reasons ?? RESYNC_REASONS);
  const wanted: SQL[] = [];
  if (reasons.has('DRIFTED')) wanted.push(sql`${STATE} = 'DRIFTED'`);
  if (reasons.has('FAILED')) wanted.push(sql`${STATE} = 'FAILED'`);
  if (reasons.has('OUTDATED'))
    wanted.push(sql`(${STATE} = 'APPLIED' AND t.items IS DISTINCT FROM ${JSON.stringify(desired.items)}::jsonb)`);
  const where = [...conditions(actor, kind, { page: 1, limit: 1, groupId: body.groupId }), sql`(${sql.join(wanted, sql` OR `)})`];
  const { rows } = await deps.db.execute<{ iccid: string }>(sql`
    SELECT DISTINCT s.primary_iccid AS iccid FROM ${FROM} WHERE ${sql.join(where, sql` AND `)} ORDER BY 1`);
  if (rows.length === 0) throw fieldError('UNPROCESSABLE', 'groupId', 'No SIM holding this group needs a re-sync');
  const targets: TWhitelistCancel = { iccids: rows.map((r) => r.iccid), dryRun: body.dryRun, proceedWithValid: body.proceedWithValid };
  return await whitelistRequest(deps, ctx, kind, TYPES[kind].apply, targets, desired, key, {
    groupId: body.groupId,
    version: desired.version,
    resync: [...reasons].sort(),
  });
}

// ─── reading ───

/**
 * Each profile's whitelist as it stands: the newest one, unless its task was withdrawn before it reached the operator
 * (a scheduled cancellation called off) and an earlier one is known to be held — then that one. Its sync state comes
 * from its task (and the batch job's time).
 */
const FROM = sql`sim_whitelists w
  JOIN job_tasks t0 ON t0.id = w.task_id
  LEFT JOIN job_tasks tp ON tp.id = w.previous_task_id
  CROSS JOIN LATERAL (SELECT t0.status = 'CANCELLED' AND tp.id IS NOT NULL AS back) r
  CROSS JOIN LATERAL (SELECT CASE WHEN r.back THEN tp.id ELSE t0.id END AS id,
    CASE WHEN r.back THEN tp.status ELSE t0.status END AS status,
    CASE WHEN r.back THEN tp.error ELSE t0.error END AS error,
    CASE WHEN r.back THEN tp.job_id ELSE t0.job_id END AS job_id,
    CASE WHEN r.back THEN w.previous_group_id ELSE w.group_id END AS group_id,
    CASE WHEN r.back THEN w.previous_group_name ELSE w.group_name END AS group_name,
    CASE WHEN r.back THEN w.previous_items ELSE w.items END AS items) t
  JOIN batch_jobs b ON b.id = t.job_id
  JOIN sims s ON s.id = w.sim_id
  LEFT JOIN organizations o ON o.id = s.organization_id`;

const STATE = sql<TWhitelistSyncState>`CASE
  WHEN t.status = 'QUEUED' AND b.scheduled_at > now() THEN 'SCHEDULED'
  WHEN t.status IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED') THEN 'PENDING'
  WHEN t.status = 'SUCCEEDED' AND t.group_id IS NULL THEN 'REMOVED'
  WHEN t.status = 'SUCCEEDED' AND w.drifted_at IS NOT NULL THEN 'DRIFTED'
  WHEN t.status = 'SUCCEEDED' THEN 'APPLIED'
  ELSE 'FAILED' END`;

/** What the group of a profile's whitelist holds now, in the form the request copied it (to see it changed since). */
const CURRENT_ITEMS: Record<TWhitelistKind, SQL> = {
  IP: sql`(SELECT g.entries FROM ip_groups g WHERE g.id = t.group_id)`,
  NUMBER: sql`(SELECT coalesce(jsonb_agg(n.number ORDER BY n.number), '[]'::jsonb) FROM number_group_numbers n WHERE n.group_id = t.group_id)`,
};

function conditions(actor: TActor, kind: TWhitelistKind, q: TSimWhitelistListQuery): SQL[] {
  const where: SQL[] = [sql`w.kind = ${kind}`];
  if (actor.scope.kind === 'subtree') where.push(sql`o.path LIKE ${`${escapeLike(actor.scope.path)}%`}`);
  if (q.groupId) where.push(sql`t.group_id = ${q.groupId}`);
  if (q.operator) where.push(sql`w.operator = ${q.operator}`);
  if (q.iccid) where.push(sql`w.iccid LIKE ${`${q.iccid}%`}`);
  if (q.organizationId) where.push(sql`s.organization_id = ${q.organizationId}`);
  if (q.simId) where.push(sql`w.sim_id = ${q.simId}`);
  return where;
}

type TRow = {
  iccid: string;
  sim_id: string;
  primary_iccid: string;
  organization_id: string | null;
  trade_name: string | null;
  operator: string;
  group_id: string | null;
  group_name: string | null;
  items_count: number;
  state: TWhitelistSyncState;
  outdated: boolean;
  error: string | null;
  drift_note: string | null;
  request_id: string;
  batch_job_id: string;
  scheduled_at: Date | null;
  updated_at: Date;
};

/** The profiles with a whitelist of this kind in the caller's reach, by ICCID, and how many are in each state. */
export async function listSimWhitelists(deps: TDeps, ctx: TRequestContext, kind: TWhitelistKind, q: TSimWhitelistListQuery) {
  const actor = requireActor(ctx);
  const where = conditions(actor, kind, q);
  const all = sql.join(where, sql` AND `);
  const { rows: counted } = await deps.db.execute<{ state: TWhitelistSyncState; n: number }>(sql`
    SELECT ${STATE} AS state, count(*)::int AS n FROM ${FROM} WHERE ${all} GROUP BY 1`);
  const states = Object.fromEntries(WHITELIST_SYNC_STATES.map((s) => [s, 0])) as Record<TWhitelistSyncState, number>;
  for (const c of counted) states[c.state] = c.n;
  const filtered = q.state ? sql`${all} AND ${STATE} = ${q.state}` : all;
  const { rows } = await deps.db.execute<TRow>(sql`
    SELECT w.iccid, w.sim_id, s.primary_iccid, s.organization_id, o.trade_name, w.operator, t.group_id, t.group_name,
      coalesce(jsonb_array_length(t.items), 0)::int AS items_count, ${STATE} AS state,
      t.group_id IS NOT NULL AND t.items IS DISTINCT FROM ${CURRENT_ITEMS[kind]} AS outdated, t.error, w.drift_note, b.request_id,
      b.batch_job_id, b.scheduled_at, w.updated_at
    FROM ${FROM} WHERE ${filtered}
    ORDER BY w.iccid LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`);
  const total = q.state ? states[q.state] : Object.values(states).reduce((a, b) => a + b, 0);
  return {
    rows: rows.map(
      (r): TSimWhitelist => ({
        iccid: r.iccid,
        simId: r.sim_id,
        primaryIccid: r.primary_iccid,
        organization: r.organization_id ? { id: r.organization_id, tradeName: r.trade_name ?? '' } : null,
        operator: r.operator,
        kind,
        group: r.group_id ? { id: r.group_id, name: r.group_name ?? '' } : null,
        itemsCount: r.items_count,
        state: r.state,
        outdated: r.outdated,
        error: r.state === 'DRIFTED' ? r.drift_note : r.state === 'FAILED' ? r.error : null,
        requestId: r.request_id,
        batchJobId: r.batch_job_id,
        scheduledAt: r.scheduled_at ? new Date(r.scheduled_at).toISOString() : null,
        updatedAt: new Date(r.updated_at).toISOString(),
      }),
    ),
    meta: { page: q.page, limit: q.limit, total, states },
  };
}

/**
 * Delete Group is refused while any SIM profile holds the group, is being given it, or may still hold it (a later
 * request on it has not succeeded) — 409 naming how many.
 */
export async function refuseWhileUsed(db: TExecutor, groupId: string, noun: string): Promise<void> {
  const { rows } = await db.execute<{ sims: number; profiles: number }>(sql`
    SELECT count(DISTINCT w.sim_id)::int AS sims, count(*)::int AS profiles
    FROM sim_whitelists w JOIN job_tasks t ON t.id = w.task_id
    WHERE w.group_id = ${groupId} OR (w.previous_group_id = ${groupId} AND t.status <> 'SUCCEEDED')`);
  const { sims, profiles } = rows[0]!;
  if (profiles > 0) {
    throw new AppError(
      'CONFLICT',
      `This ${noun} is used by ${sims} ${sims === 1 ? 'SIM' : 'SIMs'} (${profiles} ${profiles === 1 ? 'profile' : 'profiles'}): cancel their whitelist first`,
    );
  }
}
