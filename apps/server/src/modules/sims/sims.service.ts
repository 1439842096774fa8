import { newId } from '@tarang/shared/common/ids';
import type { TSimStatus } from '@tarang/shared/sims/sim.constants';
import type {
  TSim,
  TSimDetail,
  TSimFilter,
  TSimImeiLock,
  TSimListMeta,
  TSimStatusChange,
  TSimUpdate,
} from '@tarang/shared/sims/sim.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { assertOrganizationInScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { findOperation, toOperation } from './sim-operations.repository';
import {
  countSims,
  decodeCursor,
  findSimByIccid,
  insertSimHistory,
  listSimPage,
  lockSimsByIccids,
  resolveSearch,
  simHistoryEvents,
  type TResolvedFilter,
  toSim,
} from './sims.repository';

const SIM_NOT_FOUND = 'SIM not found';

/**
 * The one outcome rule of bulk SIM actions (docs/decisions/022-bulk-action-outcomes.md): when none of the SIMs can
 * take the action, a 422 lists each refused SIM with its reason (`path` names its place in the body); when some can,
 * the action goes ahead and the 200 lists the refused ones.
 */
export function noSimCanProceed(what: string, refused: { path: string; message: string }[]): AppError {
  return new AppError('UNPROCESSABLE', `None of the ${refused.length} SIMs can ${what}`, { errors: refused });
}

/** Where each ICCID first stands in a body's list, for the `path` of its refusal. */
export function positionsOf(iccids: string[], prefix = 'iccids'): (iccid: string) => string {
  const first = new Map<string, number>();
  iccids.forEach((iccid, i) => {
    if (!first.has(iccid)) first.set(iccid, i);
  });
  return (iccid) => `${prefix}.${first.get(iccid) ?? 0}`;
}

/** Checks a filter's organisation is in reach (404 otherwise) and adds its path for the subtree condition. */
export async function resolveFilter(deps: TDeps, actor: TActor, f: TSimFilter, field = 'organizationId'): Promise<TResolvedFilter> {
  if (!f.organizationId) return await resolveSearch(deps.db, f);
  const organizationPath = await assertOrganizationInScope(deps.db, actor.scope, f.organizationId).catch(() => {
    throw fieldError('NOT_FOUND', field, 'Organisation not found');
  });
  return await resolveSearch(deps.db, { ...f, organizationPath });
}

export async function getSims(
  deps: TDeps,
  ctx: TRequestContext,
  q: TSimFilter & { limit: number; cursor?: string; sort: string },
): Promise<{ rows: TSim[]; meta: TSimListMeta }> {
  const actor = requireActor(ctx);
  const { limit, cursor, sort, ...filter } = q;
  const f = await resolveFilter(deps, actor, filter);
  const position = cursor ? decodeCursor(cursor, sort) : null;
  const [page, count] = await Promise.all([
    listSimPage(deps.db, actor.scope, f, sort, position, limit),
    countSims(deps.db, actor.scope, f),
  ]);
  // A first page with nothing after it is the whole answer, whatever the estimate said.
  const whole = !position && !page.nextCursor;
  return {
    rows: page.rows.map(toSim),
    meta: {
      limit,
      total: whole ? page.rows.length : count.total,
      totalIsEstimate: whole ? false : count.estimate,
      nextCursor: page.nextCursor,
    },
  };
}

export async function getSim(deps: TDeps, ctx: TRequestContext, iccid: string): Promise<TSimDetail> {
  const actor = requireActor(ctx);
  const row = await findSimByIccid(deps.db, actor.scope, iccid);
  if (!row) throw notFound(SIM_NOT_FOUND);
  const history = await simHistoryEvents(deps.db, row.id, row.upload_id);
  return {
    ...toSim(row),
    history: history.map((h) => ({
      id: h.id,
      occurredAt: `${h.occurred_at.slice(0, 23)}Z`,
      action: h.action,
      actorLabel: h.actor_label,
      before: h.before ?? null,
      after: h.after ?? null,
    })),
  };
}

/** SIMs due to expire within `days`, soonest first (terminated and replaced ones left out). */
export async function getExpiringSims(deps: TDeps, ctx: TRequestContext, q: { days: number; limit: number; cursor?: string }) {
  const now = new Date();
  return await getSims(deps, ctx, {
    limit: q.limit,
    cursor: q.cursor,
    sort: 'expiresAt',
    expiresFrom: now.toISOString(),
    expiresTo: new Date(now.getTime() + q.days * 86_400_000).toISOString(),
    status: ['ALLOCATED', 'ACTIVE', 'SUSPENDED', 'BARRED', 'PENDING_ACTIVE', 'PENDING_SUSPENDED'],
  });
}

export async function getOperation(deps: TDeps, ctx: TRequestContext, id: string) {
  const row = await findOperation(deps.db, requireActor(ctx).scope, id);
  if (!row) throw notFound('Operation not found');
  return row;
}

export async function getOperationView(deps: TDeps, ctx: TRequestContext, id: string) {
  return toOperation(await getOperation(deps, ctx, id));
}

type TLockedSim = Awaited<ReturnType<typeof lockSimsByIccids>>[number];

/** Locks the named SIMs the caller reaches; the others are reported as not found. */
async function lockReachable(db: TExecutor, actor: TActor, iccids: string[]) {
  const requested = [...new Set(iccids)];
  const rows = await lockSimsByIccids(db, requested);
  const sims = new Map<string, TLockedSim>();
  const found = new Set<string>();
  for (const row of rows) {
    if (actor.scope.kind !== 'all' && !(row.org_path?.startsWith(actor.scope.path) ?? false)) continue;
    found.add(row.requested);
    sims.set(row.id, row);
  }
  return { sims: [...sims.values()], notFound: requested.filter((i) => !found.has(i)) };
}

/**
 * One audit event for a change to SIMs: the SIM's own event for one SIM, a batch event linked from each SIM's
 * history for many.
 */
async function auditSimChange(
  db: TExecutor,
  ctx: TRequestContext,
  action: string,
  sims: TLockedSim[],
  before: (sim: TLockedSim) => unknown,
  after: unknown,
) {
  if (sims.length === 1) {
    const sim = sims[0]!;
    await recordAudit(db, ctx, {
      action,
      entityType: 'sim',
      entityId: sim.id,
      organizationId: sim.organization_id,
      before: { iccid: sim.primary_iccid, ...(before(sim) as object) },
      after: { iccid: sim.primary_iccid, ...(after as object) },
    });
    return;
  }
  const batchId = newId();
  await insertSimHistory(
    db,
    sims.map((s) => s.id),
    batchId,
  );
  await recordAudit(db, ctx, {
    action,
    entityType: 'sim_batch',
    entityId: batchId,
    organizationId: requireActor(ctx).organizationId,
    after: { count: sims.length, iccids: sims.slice(0, 20).map((s) => s.primary_iccid), ...(after as object) },
  });
}

/** PUT /sim: label, tags, APN and static IP of the named SIMs. */
export async function updateSims(deps: TDeps, ctx: TRequestContext, body: TSimUpdate) {
  const actor = requireActor(ctx);
  return await deps.db.transaction(async (tx) => {
    const { sims, notFound: missing } = await lockReachable(tx, actor, body.iccids);
    if (sims.length === 0) {
      const at = positionsOf(body.iccids);
      throw noSimCanProceed(
        'be updated',
        missing.map((iccid) => ({ path: at(iccid), message: `${iccid}: Not found` })),
      );
    }
    if (body.staticIp) {
      const taken = await tx.execute<{ primary_iccid: string }>(
        sql`SELECT primary_iccid FROM sims WHERE static_ip = ${body.staticIp} AND id <> ${sims[0]!.id} LIMIT 1`,
      );
      if (taken.rows[0]) throw fieldError('CONFLICT', 'staticIp', `This address is already set on SIM ${taken.rows[0].primary_iccid}`);
    }
    const sets: SQL[] = [];
    if (body.label !== undefined) sets.push(sql`label = ${body.label || null}`);
    if (body.tags) sets.push(sql`tags = ARRAY(SELECT DISTINCT x FROM unnest(${sql.param(body.tags)}::text[]) x ORDER BY x)`);
    if (body.addTags || body.removeTags) {
      sets.push(sql`tags = ARRAY(SELECT DISTINCT x FROM unnest(tags || ${sql.param(body.addTags ?? [])}::text[]) x
        WHERE x <> ALL(${sql.param(body.removeTags ?? [])}::text[]) ORDER BY x)`);
    }
    if (body.apn !== undefined) sets.push(sql`apn = ${body.apn}`);
    if (body.staticIp !== undefined) sets.push(sql`static_ip = ${body.staticIp}`);
    sets.push(sql`version = version + 1`, sql`updated_at = now()`);
    const ids = sims.map((s) => s.id);
    await tx.execute(sql`UPDATE sims SET ${sql.join(sets, sql`, `)} WHERE id = ANY(${sql.param(ids)}::char(24)[])`);
    const changed = Object.fromEntries(
      (['label', 'tags', 'addTags', 'removeTags', 'apn', 'staticIp'] as const)
        .filter((k) => body[k] !== undefined)
        .map((k) => [k, body[k]]),
    );
    await auditSimChange(
      tx,
      ctx,
      'sim.update',
      sims,
      (s) => ({ label: s.label, tags: s.tags, apn: s.apn, staticIp: s.static_ip }),
      changed,
    );
    return { updated: sims.length, notFound: missing };
  });
}

/** Status changes this API makes itself; every other one goes to the operator through a request. */
function localTransitions(sim: { status: string; intended_status: string | null }): TSimStatus[] {
  if (sim.status === 'ACTIVE') return ['BARRED'];
  if (sim.status === 'BARRED') return [(sim.intended_status as TSimStatus | null) ?? 'ACTIVE'];
  return [];
}

async function findReachable(deps: TDeps, actor: TActor, iccid: string) {
  const row = await findSimByIccid(deps.db, actor.scope, iccid);
  if (!row) throw notFound(SIM_NOT_FOUND);
  return row;
}

export async function getSimStatus(deps: TDeps, ctx: TRequestContext, iccid: string) {
  const row = await findReachable(deps, requireActor(ctx), iccid);
  return {
    iccid: row.primary_iccid,
    status: row.status as TSimStatus,
    intendedStatus: row.intended_status as TSimStatus | null,
    statusReason: row.status_reason,
    allowed: localTransitions(row),
  };
}

export async function changeSimStatus(deps: TDeps, ctx: TRequestContext, body: TSimStatusChange) {
  const actor = requireActor(ctx);
  await findReachable(deps, actor, body.iccid);
  await deps.db.transaction(async (tx) => {
    const [sim] = await lockSimsByIccids(tx, [body.iccid]);
    if (!sim) throw notFound(SIM_NOT_FOUND);
    const allowed = localTransitions(sim);
    if (!allowed.includes(body.status)) {
      const message =
        sim.status === body.status
          ? `The SIM is already ${body.status}`
          : sim.status === 'TERMINATED'
            ? 'A terminated SIM stays terminated'
            : sim.status === 'IN_STOCK' || body.status === 'ALLOCATED' || body.status === 'IN_STOCK'
              ? 'Allocation and roll-back go through PUT /sim/allocate and PUT /sim/rollback'
              : `${sim.status} → ${body.status} goes to the operator: raise a request`;
      throw fieldError('UNPROCESSABLE', 'status', message);
    }
    if (body.status === 'BARRED') {
      if (!body.reason) throw fieldError('VALIDATION_FAILED', 'reason', 'Give the reason for the bar');
      await tx.execute(sql`UPDATE sims SET status = 'BARRED', intended_status = status, status_reason = ${body.reason},
        version = version + 1, updated_at = now() WHERE id = ${sim.id}`);
    } else {
      await tx.execute(sql`UPDATE sims SET status = ${body.status}, intended_status = NULL, status_reason = NULL,
        version = version + 1, updated_at = now() WHERE id = ${sim.id}`);
    }
    await auditSimChange(tx, ctx, 'sim.status', [sim], (s) => ({ status: s.status }), {
      status: body.status,
      ...(body.reason ? { reason: body.reason } : {}),
    });
  });
  return await getSimStatus(deps, ctx, body.iccid);
}

/** PUT /sim/imeis: locks SIMs to an IMEI (given, or the one each was last seen in), or unlocks them. */
export async function setImeiLock(deps: TDeps, ctx: TRequestContext, body: TSimImeiLock) {
  const actor = requireActor(ctx);
  const imeiByIccid = new Map(body.sims.map((s) => [s.iccid, s.imei]));
  return await deps.db.transaction(async (tx) => {
    const { sims, notFound: missing } = await lockReachable(
      tx,
      actor,
      body.sims.map((s) => s.iccid),
    );
    const skipped = missing.map((iccid) => ({ iccid, reason: 'Not found' }));
    const changes: { sim: TLockedSim; imei: string | null }[] = [];
    for (const sim of sims) {
      if (sim.status === 'TERMINATED' || sim.status === 'REPLACED') {
        skipped.push({ iccid: sim.requested, reason: `Status ${sim.status}: nothing to lock` });
        continue;
      }
      if (!body.lock) {
        changes.push({ sim, imei: null });
        continue;
      }
      const imei = imeiByIccid.get(sim.requested) ?? sim.last_imei;
      if (!imei) skipped.push({ iccid: sim.requested, reason: 'Give the IMEI: the SIM has not been seen in a device yet' });
      else changes.push({ sim, imei });
    }
    if (changes.length === 0) {
      const at = positionsOf(
        body.sims.map((x) => x.iccid),
        'sims',
      );
      throw noSimCanProceed(
        body.lock ? 'be IMEI-locked' : 'be unlocked',
        skipped.map((x) => ({ path: `${at(x.iccid)}.iccid`, message: `${x.iccid}: ${x.reason}` })),
      );
    }
    await tx.execute(sql`UPDATE sims SET imei_lock = ${body.lock}, locked_imei = c.imei, version = version + 1, updated_at = now()
      FROM unnest(${sql.param(changes.map((c) => c.sim.id))}::char(24)[], ${sql.param(changes.map((c) => c.imei))}::text[]) AS c(id, imei)
      WHERE sims.id = c.id`);
    await auditSimChange(
      tx,
      ctx,
      body.lock ? 'sim.imei_lock' : 'sim.imei_unlock',
      changes.map((c) => c.sim),
      (s) => ({ imeiLock: s.imei_lock, lockedImei: s.locked_imei }),
      changes.length === 1 ? { imeiLock: body.lock, lockedImei: changes[0]!.imei } : { imeiLock: body.lock },
    );
    return { updated: changes.length, skipped };
  });
}
