import { SIM_INLINE_MAX } from '@tarang/shared/sims/sim.constants';
import type { TSimAllocate, TSimBatchResult, TSimFilter, TSimRollback } from '@tarang/shared/sims/sim.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { assertOrganizationInScope } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import {
  addProgress,
  insertOperation,
  moveBatchEnd,
  moveSimBatch,
  type TMoveTarget,
  type TOperationRow,
  type TStoredActor,
  toOperation,
  updateOperation,
} from './sim-operations.repository';
import { countSimsExact, lockSimsByIccids, simConditions } from './sims.repository';
import { kickRunner, registerOperationHandler } from './sims.runner';
import { noSimCanProceed, positionsOf, resolveFilter } from './sims.service';

/**
 * Allocation and roll-back: SIMs move between provider stock (IN_STOCK, no organisation) and organisations
 * (ALLOCATED), and down the organisation tree. Only IN_STOCK ⇄ ALLOCATED here: no way back to stock after
 * activation. Small sets move at once in one transaction; larger ones run in the background (sims.runner.ts)
 * batch by batch, resumable. Each request is one audit event (entity `sim_batch`, id = the operation), and every
 * SIM it moved links to it for the SIM's history.
 */

export const MOVE_BATCH = 5000;

export type TMoveParams = {
  kind: 'ALLOCATE' | 'ROLLBACK';
  /** Target of an allocation. */
  organizationId?: string;
  organizationPath?: string;
  iccids?: string[];
  filter?: TSimFilter & { organizationPath?: string };
  limit?: number;
};

export function storedActor(ctx: TRequestContext): TStoredActor {
  const actor = requireActor(ctx);
  return {
    userId: actor.userId,
    label: actor.label,
    organizationId: actor.organizationId,
    scope: actor.scope,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    requestId: ctx.requestId,
  };
}

/** The request context of a stored actor, for audit events written by a background run. */
export function contextOfStored(a: TStoredActor): TRequestContext {
  const actor: TActor = {
    type: 'USER',
    userId: a.userId,
    sessionId: '',
    label: a.label,
    organizationId: a.organizationId,
    roleId: '',
    roleName: '',
    authScopes: {},
    scope: a.scope,
  };
  return { actor, ip: a.ip, userAgent: a.userAgent, requestId: a.requestId };
}

/** Which SIMs a move may touch, as SQL on `s`, beside the caller's reach and filter. */
function movableCondition(a: TStoredActor, p: TMoveParams): SQL {
  if (p.kind === 'ALLOCATE') {
    // Down the tree: from stock (staff only) to any organisation, from an organisation to one of its descendants.
    const down = sql`(s.status = 'ALLOCATED' AND s.organization_id IN (SELECT o.id FROM organizations o
      WHERE ${p.organizationPath!} LIKE o.path || '%' AND o.id <> ${p.organizationId!}))`;
    return a.scope.kind === 'all' ? sql`((s.status = 'IN_STOCK' AND s.organization_id IS NULL) OR ${down})` : down;
  }
  if (a.scope.kind === 'all') return sql`s.status = 'ALLOCATED'`;
  // An organisation takes SIMs back from its descendants; only the provider takes them back to stock.
  return sql`(s.status = 'ALLOCATED' AND s.organization_id IN (SELECT o.id FROM organizations o
    WHERE o.path LIKE ${`${a.scope.path}%`} AND o.id <> ${a.scope.organizationId}))`;
}

function moveTarget(a: TStoredActor, p: TMoveParams): TMoveTarget {
  if (p.kind === 'ALLOCATE') return { organizationId: p.organizationId!, status: 'ALLOCATED' };
  return a.scope.kind === 'all'
    ? { organizationId: null, status: 'IN_STOCK' }
    : { organizationId: a.scope.organizationId, status: 'ALLOCATED' };
}

/** Why one named SIM cannot move (null: it can). */
function whyNot(
  a: TStoredActor,
  p: TMoveParams,
  sim: { status: string; organization_id: string | null; org_path: string | null },
): string | null {
  if (p.kind === 'ALLOCATE') {
    if (sim.status !== 'IN_STOCK' && sim.status !== 'ALLOCATED') {
      return `Status ${sim.status}: only SIMs in stock or allocated (not yet activated) can be allocated`;
    }
    if (sim.organization_id === p.organizationId) return 'Already with this organisation';
    if (sim.status === 'IN_STOCK') return a.scope.kind === 'all' ? null : 'Not found';
    if (!sim.org_path || !p.organizationPath!.startsWith(sim.org_path)) {
      return 'Allocation passes SIMs down the tree: roll it back to the organisation above first';
    }
    return null;
  }
  if (sim.status === 'IN_STOCK') return 'Already in stock';
  if (sim.status !== 'ALLOCATED') return `Status ${sim.status}: there is no way back to stock after activation`;
  if (a.scope.kind !== 'all' && sim.organization_id === a.scope.organizationId) {
    return 'Held by your own organisation: only the provider takes SIMs back to stock';
  }
  return null;
}

const verb = (kind: TMoveParams['kind']) => (kind === 'ALLOCATE' ? 'allocated' : 'rolled back');

function auditAction(kind: TMoveParams['kind']) {
  return kind === 'ALLOCATE' ? 'sim.allocate' : 'sim.rollback';
}

/** The audit event of a finished move: counts and what was asked, never the full list of a large set. */
async function auditMove(db: TExecutor, a: TStoredActor, p: TMoveParams, op: TOperationRow, fromOrganizations: (string | null)[]) {
  await recordAudit(db, contextOfStored(a), {
    action: auditAction(p.kind),
    entityType: 'sim_batch',
    entityId: op.id,
    organizationId: p.kind === 'ALLOCATE' ? p.organizationId! : a.organizationId,
    after: {
      operationId: op.id,
      ...(p.kind === 'ALLOCATE' ? { organizationId: p.organizationId } : {}),
      ...(p.iccids ? { iccids: p.iccids.slice(0, 20), iccidCount: p.iccids.length } : {}),
      ...(p.filter ? { filter: { ...p.filter, organizationPath: undefined, searchIds: undefined } } : {}),
      ...(p.limit ? { limit: p.limit } : {}),
      moved: op.succeeded,
      skipped: op.skipped,
      fromOrganizations: fromOrganizations.slice(0, 20),
    },
  });
}

function filterConditions(a: TStoredActor, p: TMoveParams): SQL[] {
  return [...simConditions(a.scope, p.filter ?? {}), movableCondition(a, p)];
}

/** Allocate or roll back, as asked by a user: at once for small sets, else queued. */
async function startMove(deps: TDeps, ctx: TRequestContext, p: TMoveParams): Promise<TSimBatchResult> {
  const a = storedActor(ctx);
  if (p.iccids) return await moveNamed(deps, a, p);
  const matching = await countSimsExact(deps.db, filterConditions(a, p));
  const total = p.limit ? Math.min(p.limit, matching) : matching;
  if (total === 0) {
    throw new AppError('UNPROCESSABLE', `No SIM matching the filter can be ${verb(p.kind)}`, {
      errors: [{ path: 'filter', message: `No SIM matching the filter can be ${verb(p.kind)}` }],
    });
  }
  const base = {
    kind: p.kind,
    organizationId: a.organizationId,
    actor: a,
    params: p,
    total,
  } as const;
  if (total > SIM_INLINE_MAX) {
    const op = await insertOperation(deps.db, { ...base, status: 'QUEUED' });
    kickRunner(deps);
    return { operation: toOperation(op), skipped: [] };
  }
  const op = await deps.db.transaction(async (tx) => {
    const row = await insertOperation(tx, { ...base, status: 'RUNNING', startedAt: new Date() });
    const done = await runMoveBatches(tx, a, p, row, total);
    await auditMove(tx, a, p, done.op, done.fromOrganizations);
    return done.op;
  });
  return { operation: toOperation(op), skipped: [] };
}

/** Moves named SIMs: each is locked, checked, and either moved or reported with the reason. */
async function moveNamed(deps: TDeps, a: TStoredActor, p: TMoveParams): Promise<TSimBatchResult> {
  const requested = [...new Set(p.iccids!)];
  return await deps.db.transaction(async (tx) => {
    const found = await lockSimsByIccids(tx, requested);
    const seen = new Set<string>();
    const skipped: { iccid: string; reason: string }[] = [];
    const ids: string[] = [];
    const bySim = new Map<string, string>();
    for (const sim of found) {
      bySim.set(sim.requested, sim.id);
      if (seen.has(sim.id)) continue; // two ICCIDs of one SIM
      seen.add(sim.id);
      const reachable = a.scope.kind === 'all' || (sim.org_path?.startsWith(a.scope.path) ?? false);
      const reason = reachable ? whyNot(a, p, sim) : 'Not found';
      if (reason) skipped.push({ iccid: sim.requested, reason });
      else ids.push(sim.id);
    }
    for (const iccid of requested) if (!bySim.has(iccid)) skipped.push({ iccid, reason: 'Not found' });
    if (ids.length === 0) {
      const at = positionsOf(p.iccids!);
      throw noSimCanProceed(
        `be ${verb(p.kind)}`,
        skipped.map((x) => ({ path: at(x.iccid), message: `${x.iccid}: ${x.reason}` })),
      );
    }
    const row = await insertOperation(tx, {
      kind: p.kind,
      status: 'RUNNING',
      organizationId: a.organizationId,
      actor: a,
      params: p,
      total: requested.length,
      startedAt: new Date(),
    });
    const moved = ids.length
      ? await moveSimBatch(tx, [sql`s.id = ANY(${sql.param(ids)}::char(24)[])`], null, ids.length, moveTarget(a, p), row.id)
      : { moved: 0, last: null, fromOrganizations: [] };
    const op = await updateOperation(tx, row.id, {
      status: 'DONE',
      processed: row.total,
      succeeded: moved.moved,
      skipped: skipped.length,
      finishedAt: new Date(),
    });
    await auditMove(tx, a, p, op, moved.fromOrganizations);
    // Every refused SIM, with why (a list names at most SIM_ICCID_LIST_MAX).
    return { operation: toOperation(op), skipped };
  });
}

/** How many batches of a background move update at once, each on its own connection (docs/decisions/016). */
export const MOVE_LANES = 2;

/**
 * Runs the batches of a filter move from the operation's cursor; each batch commits on its own unless `db` is a
 * transaction. With `lanes` > 1, the end of each batch (its last ICCID) is read first, so the next batch can
 * update the ICCID range after it at once; batches still commit in order, so the recorded cursor is always the end
 * of a committed batch and a resumed run starts there.
 */
async function runMoveBatches(
  db: TExecutor,
  a: TStoredActor,
  p: TMoveParams,
  op: TOperationRow,
  total: number,
  options: { shouldStop?: () => boolean; lanes?: number } = {},
) {
  const shouldStop = options.shouldStop ?? (() => false);
  const lanes = options.lanes ?? 1;
  const conditions = filterConditions(a, p);
  const target = moveTarget(a, p);
  const from = new Set<string | null>();
  let cursor = op.cursor;
  let planned = op.succeeded;
  let moved = op.succeeded;
  let previous: Promise<unknown> = Promise.resolve();
  const inFlight = new Set<Promise<unknown>>();
  try {
    while (!shouldStop()) {
      const want = Math.min(MOVE_BATCH, (p.limit ?? Number.MAX_SAFE_INTEGER) - planned);
      if (want <= 0) break;
      const start = cursor;
      const end = lanes > 1 ? await moveBatchEnd(db, conditions, start, want) : null;
      const before = previous;
      const batch = db
        .transaction(async (tx) => {
          const r = await moveSimBatch(tx, conditions, start, want, target, op.id, end);
          await before;
          if (r.moved) await addProgress(tx, op.id, { processed: r.moved, succeeded: r.moved, skipped: 0, cursor: r.last });
          return r;
        })
        .then((r) => {
          for (const org of r.fromOrganizations) if (from.size < 50) from.add(org);
          moved += r.moved;
          return r;
        });
      batch.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled meanwhile
      previous = batch;
      inFlight.add(batch);
      batch.finally(() => inFlight.delete(batch)).catch(() => {});
      if (lanes === 1 || end === null) {
        // One lane, or the last batch (fewer SIMs than a batch were left): wait for it to see where to go on.
        const r = await batch;
        if (r.moved === 0 || (end === null && lanes > 1)) break;
        planned += r.moved;
        cursor = r.last;
        continue;
      }
      planned += want;
      cursor = end;
      if (inFlight.size >= lanes) await Promise.race(inFlight);
    }
    await previous;
  } finally {
    await Promise.allSettled(inFlight);
  }
  if (shouldStop()) return { op, fromOrganizations: [...from], stopped: true };
  const done = await updateOperation(db, op.id, { status: 'DONE', total: Math.max(total, moved), finishedAt: new Date() });
  return { op: done, fromOrganizations: [...from], stopped: false };
}

/** A queued (or resumed) move, run by the background runner. */
export async function runQueuedMove(deps: TDeps, op: TOperationRow, shouldStop: () => boolean): Promise<void> {
  const a = op.actor as TStoredActor;
  const p = op.params as TMoveParams;
  const result = await runMoveBatches(deps.db, a, p, op, op.total, { shouldStop, lanes: MOVE_LANES });
  if (!result.stopped) await auditMove(deps.db, a, p, result.op, result.fromOrganizations);
}

export async function allocateSims(deps: TDeps, ctx: TRequestContext, body: TSimAllocate): Promise<TSimBatchResult> {
  const actor = requireActor(ctx);
  const path = await assertOrganizationInScope(deps.db, actor.scope, body.organizationId).catch(() => {
    throw new AppError('NOT_FOUND', 'organizationId: Organisation not found', {
      errors: [{ path: 'organizationId', message: 'Organisation not found' }],
    });
  });
  const filter = body.filter ? await resolveFilter(deps, actor, body.filter, 'filter.organizationId') : undefined;
  return await startMove(deps, ctx, {
    kind: 'ALLOCATE',
    organizationId: body.organizationId,
    organizationPath: path,
    iccids: body.iccids,
    filter,
    limit: body.limit,
  });
}

export async function rollbackSims(deps: TDeps, ctx: TRequestContext, body: TSimRollback): Promise<TSimBatchResult> {
  const actor = requireActor(ctx);
  const filter = body.filter ? await resolveFilter(deps, actor, body.filter, 'filter.organizationId') : undefined;
  return await startMove(deps, ctx, { kind: 'ROLLBACK', iccids: body.iccids, filter, limit: body.limit });
}

registerOperationHandler('ALLOCATE', runQueuedMove);
registerOperationHandler('ROLLBACK', runQueuedMove);
