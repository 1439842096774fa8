import { newId } from '@tarang/shared/common/ids';
import { REQUEST_ROW_REASONS, REQUEST_TRANSITIONS, type TRequestType } from '@tarang/shared/requests/request.constants';
import type { TGatewaySettings } from '@tarang/shared/requests/request.schemas';
import { sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../db/database';
import { firmwareTargets } from '../devices/firmware-settle';
import {
  GatewayError,
  gatewayFor,
  type TGatewayTask,
  type TOperatorGateway,
  type TTaskResult,
  takeRateSlot,
  withTimeout,
} from '../operators/gateway';
import { getGatewaySettings } from '../operators/operators.service';
import { enqueue, registerQueueHandler, type TQueueContext, type TQueueResult } from '../queue/queue';
import { holdNewSims, replacementTargets } from '../sim-replacement/replacement-settle';
import { bumpCounters, FINAL_SQL, finishIfSettled, markCheckpoint, refreshJobStatus, revertSims, settleSims } from './jobs.repository';

/**
 * The engine: one queue job per MNO job (`mno:<id>`) drives its tasks to the operator and back. Each run works for a
 * few seconds and re-arms itself; every step leaves its state in the database first, so a run that dies anywhere
 * is resumed by the next one:
 *
 *  1. submit — claim a batch of due tasks (the operator's batch size), check each SIM again under a row lock, move
 *     the SIMs to PENDING_<TARGET> and the tasks to SUBMITTING in one transaction (committed before anything is
 *     sent), wait for the operator's rate slot, and call submit;
 *  2. poll — ask about every submission out: settle the answers — SUCCEEDED (the SIM takes its new state), FAILED
 *     (the SIM goes back, the error stays on the task), RETRY (tried again after a back-off under the next key, until
 *     the operator's attempts run out); keys still being worked become SUBMITTED; keys the operator does not know
 *     (a run that died after recording and before sending, a send lost to a timeout) are sent again under the same
 *     keys, which the operator applies at most once;
 *  4. end — when every task is settled the MNO job, and then the batch job, end COMPLETED, PARTIAL, FAILED or CANCELLED.
 * A call that fails (outage, timeout) backs the MNO job off; after the operator's last attempt its unsettled tasks fail.
 */

export const MNO_RUN = 'mno.run';
const SLICE_MS = 4000;

export const mnoQueueKey = (mnoJobId: string) => `mno:${mnoJobId}`;

export async function enqueueMnoJob(db: TExecutor, mnoJobId: string, runAt?: Date): Promise<void> {
  await enqueue(db, { kind: MNO_RUN, key: mnoQueueKey(mnoJobId), payload: { mnoJobId }, runAt, maxAttempts: 50 });
}

type TState = {
  mnoJobId: string;
  jobId: string;
  requestId: string;
  operator: string;
  type: TRequestType;
  mode: string;
  status: string;
  callFailures: number;
  nextAttemptAt: Date | null;
  imei: string | null;
  /** A whitelist request: what each profile is to hold (null items: the whitelist taken off). */
  whitelist: TGatewayTask['whitelist'] | null;
  /** Change Status stopped the job: withdraw what is at the operator, send nothing more. */
  withdrawing: boolean;
  /** What the operator is asked to do, when it is not the request's type (SYNC_STATE: by the SIM's status then). */
  operation: string;
  /** SYNC_STATE: the SIM status the operation was chosen for (a SIM changed since is refused). */
  forStatus: string | null;
  /** FIRMWARE_UPDATE: the version to install and its file's checksum. */
  firmware: { version: string; checksum: string } | null;
};

async function loadState(db: TExecutor, mnoJobId: string): Promise<TState | null> {
  const { rows } = await db.execute<{
    job_id: string;
    request_id: string;
    operator: string;
    type: string;
    mode: string;
    status: string;
    call_failures: number;
    next_attempt_at: string | null;
    params: {
      imei?: string | null;
      whitelist?: TGatewayTask['whitelist'];
      operation?: string;
      forStatus?: string;
      firmware?: { version: string; checksum: string };
    };
    withdrawing: boolean;
  }>(sql`SELECT m.job_id, b.request_id, m.operator, b.type, m.mode, m.status, m.call_failures, m.next_attempt_at, r.params,
      b.withdrawn_at IS NOT NULL AS withdrawing
    FROM mno_jobs m JOIN batch_jobs b ON b.id = m.job_id JOIN requests r ON r.id = b.request_id WHERE m.id = ${mnoJobId}`);
  const row = rows[0];
  if (!row) return null;
  return {
    mnoJobId,
    jobId: row.job_id,
    requestId: row.request_id,
    operator: row.operator,
    type: row.type as TRequestType,
    mode: row.mode,
    status: row.status,
    callFailures: row.call_failures,
    nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at) : null,
    imei: row.params?.imei ?? null,
    whitelist: row.params?.whitelist ?? null,
    withdrawing: row.withdrawing,
    operation: row.params?.operation ?? row.type,
    forStatus: row.params?.forStatus ?? null,
    firmware: row.params?.firmware ?? null,
  };
}

const taskKey = (id: number, attempt: number) => `${id}-${attempt}`;
function parseKey(key: string): { id: number; attempt: number } | null {
  const m = /^(\d+)-(\d+)$/.exec(key);
  return m ? { id: Number(m[1]), attempt: Number(m[2]) } : null;
}

function backoffMs(base: number, n: number): number {
  return Math.min(300_000, base * 2 ** Math.max(0, n - 1));
}

type TEngine = {
  db: TDb;
  s: TState;
  settings: TGatewaySettings;
  gateway: TOperatorGateway;
  retryBaseMs: number;
  signal: AbortSignal;
};

const call = <T>(e: TEngine, work: Promise<T>, what: string) => withTimeout(work, e.settings.timeoutMs, `${e.s.operator} ${what}`);

/** Tasks of a submission still SUBMITTING become SUBMITTED: the operator has them. */
async function markSubmitted(db: TExecutor, submissionId: string): Promise<void> {
  await db.execute(sql`UPDATE job_tasks SET status = 'SUBMITTED', updated_at = now()
    WHERE submission_id = ${submissionId} AND status = 'SUBMITTING'`);
}

type TTaskToSend = { id: number; attempt: number; iccid: string };

/** What each task names besides its SIM: a replacement's new ICCID, a firmware task's device IMEI. */
async function taskTargets(e: TEngine, ids: number[]): Promise<Map<number, string> | null> {
  if (e.s.type === 'REPLACE') return await replacementTargets(e.db, ids);
  if (e.s.type === 'FIRMWARE_UPDATE') return await firmwareTargets(e.db, ids);
  return null;
}

/** The tasks as the gateway receives them: a replacement carries the ICCID its number moves to, a firmware task its device and version. */
async function gatewayTasks(e: TEngine, tasks: TTaskToSend[], given?: Map<number, string>): Promise<TGatewayTask[]> {
  const targets =
    given ??
    (await taskTargets(
      e,
      tasks.map((t) => t.id),
    ));
  const replaceWith = e.s.type === 'REPLACE' ? targets : null;
  const firmware = e.s.type === 'FIRMWARE_UPDATE' ? e.s.firmware : null;
  return tasks.map((t) => ({
    key: taskKey(t.id, t.attempt),
    iccid: t.iccid,
    imei: e.s.imei,
    ...(e.s.whitelist ? { whitelist: e.s.whitelist } : {}),
    ...(replaceWith ? { replaceWith: replaceWith.get(t.id) } : {}),
    ...(firmware && targets ? { firmware: { ...firmware, imei: targets.get(t.id) ?? '' } } : {}),
  }));
}

/** Step 1: one batch of due tasks to the operator. Returns how many tasks it moved (sent or failed before sending). */
async function submitNext(e: TEngine): Promise<number> {
  const { db, s } = e;
  const t = REQUEST_TRANSITIONS[s.type];
  const sid = newId();
  const prepared = await db.transaction(async (tx) => {
    const { rows: jobRows } = await tx.execute<{ status: string; withdrawing: boolean }>(
      sql`SELECT status, withdrawn_at IS NOT NULL AS withdrawing FROM batch_jobs WHERE id = ${s.jobId} FOR KEY SHARE`,
    );
    const jobStatus = jobRows[0]?.status;
    if (!jobStatus || jobRows[0]!.withdrawing || ['COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'].includes(jobStatus)) return null;
    const { rows: picked } = await tx.execute<{
      id: number;
      status: string;
      attempt: number;
      iccid: string;
      sim_id: string;
      sim_status: string;
      imei_lock: boolean;
      last_imei: string | null;
      busy: boolean;
    }>(sql`SELECT t.id, t.status, t.attempt, t.iccid, t.sim_id, s.status AS sim_status, s.imei_lock, s.last_imei,
        EXISTS (SELECT 1 FROM job_tasks o WHERE o.sim_id = t.sim_id AND o.job_id <> t.job_id
          AND o.status IN ('PENDING', 'SUBMITTING', 'SUBMITTED')) AS busy
      FROM job_tasks t JOIN sims s ON s.id = t.sim_id
      WHERE t.id IN (SELECT id FROM job_tasks WHERE mno_job_id = ${s.mnoJobId} AND status IN ('QUEUED', 'PENDING')
        AND next_at <= now() ORDER BY id LIMIT ${e.settings.batchSize} FOR UPDATE SKIP LOCKED)
      ORDER BY s.id FOR UPDATE OF s`);
    if (picked.length === 0) return { send: [] as TTaskToSend[], moved: 0 };
    const send: { id: number; attempt: number; iccid: string; from: string | null; simId: string; fresh: boolean }[] = [];
    const refused: { id: number; reason: string }[] = [];
    for (const p of picked) {
      if (p.status === 'PENDING') {
        send.push({ id: p.id, attempt: p.attempt, iccid: p.iccid, from: null, simId: p.sim_id, fresh: false });
        continue;
      }
      let reason: string | null = null;
      if (p.busy) reason = REQUEST_ROW_REASONS.busy;
      else if (!t.from.includes(p.sim_status as never))
        reason = `${REQUEST_ROW_REASONS.wrongStatus(p.sim_status, s.type)} (changed since the request)`;
      else if (s.type === 'IMEI_LOCK' && !s.imei && !p.last_imei) reason = REQUEST_ROW_REASONS.noImei;
      else if (s.type === 'IMEI_UNLOCK' && !p.imei_lock) reason = REQUEST_ROW_REASONS.notLocked;
      else if (s.forStatus && p.sim_status !== s.forStatus)
        reason = `The SIM is ${p.sim_status} now, not ${s.forStatus}: its state is sent again from the diagnosis (changed since the request)`;
      if (reason) refused.push({ id: p.id, reason });
      else send.push({ id: p.id, attempt: p.attempt, iccid: p.iccid, from: p.sim_status, simId: p.sim_id, fresh: true });
    }
    let targets: Map<number, string> | undefined;
    if (s.type === 'REPLACE') {
      // The new SIM of each pair is checked again and held; a pair sent again keeps the one it holds.
      const hold = await holdNewSims(
        tx,
        send.filter((x) => x.fresh).map((x) => x.id),
      );
      const out = new Set(hold.refused.map((r) => r.taskId));
      refused.push(...hold.refused.map((r) => ({ id: r.taskId, reason: r.reason })));
      send.splice(0, send.length, ...send.filter((x) => !out.has(x.id)));
      targets = hold.targets;
      for (const [id, iccid] of await replacementTargets(
        tx,
        send.filter((x) => !x.fresh).map((x) => x.id),
      ))
        targets.set(id, iccid);
    } else if (s.type === 'FIRMWARE_UPDATE') {
      // Each device is reached through its SIM: a SIM no device holds any more is refused.
      targets = await firmwareTargets(
        tx,
        send.map((x) => x.id),
      );
      const gone = send.filter((x) => !targets!.has(x.id));
      refused.push(...gone.map((x) => ({ id: x.id, reason: 'No device holds this SIM now (changed since the request)' })));
      send.splice(0, send.length, ...send.filter((x) => targets!.has(x.id)));
    }
    if (send.length) {
      await tx.execute(sql`UPDATE job_tasks SET status = 'SUBMITTING', submission_id = ${sid}, tries = tries + 1,
          from_status = coalesce(r.from_status, job_tasks.from_status), error = NULL, updated_at = now()
        FROM unnest(${sql.param(send.map((x) => x.id))}::bigint[], ${sql.param(send.map((x) => x.from))}::text[]) AS r(id, from_status)
        WHERE job_tasks.id = r.id`);
      const fresh = send.filter((x) => x.fresh).map((x) => x.simId);
      if (t.pending && fresh.length) {
        await tx.execute(sql`UPDATE sims SET status = ${t.pending}, version = version + 1, updated_at = now()
          WHERE id = ANY(${sql.param(fresh)}::char(24)[])`);
      }
      // Only the first batch marks the job as sent (later ones find sent_at set and take no lock on the job's row).
      const first = await tx.execute(sql`UPDATE batch_jobs SET sent_at = now() WHERE id = ${s.jobId} AND sent_at IS NULL RETURNING 1`);
      if (first.rows.length) await markCheckpoint(tx, s.requestId, 'SENT_TO_OPERATOR', null);
    }
    if (refused.length) {
      await tx.execute(sql`UPDATE job_tasks SET status = 'FAILED', error = r.reason, updated_at = now()
        FROM unnest(${sql.param(refused.map((x) => x.id))}::bigint[], ${sql.param(refused.map((x) => x.reason))}::text[]) AS r(id, reason)
        WHERE job_tasks.id = r.id`);
    }
    await bumpCounters(tx, s.mnoJobId, s.jobId, { inFlight: send.length, failed: refused.length });
    if (send.length === 0) await finishIfSettled(tx, s.mnoJobId, s.jobId);
    return { send: send.map(({ id, attempt, iccid }) => ({ id, attempt, iccid })), moved: picked.length, targets };
  });
  if (!prepared) return 0;
  if (prepared.send.length) {
    await takeRateSlot(db, e.settings, prepared.send.length, e.signal);
    await call(e, e.gateway.submit(sid, s.operation, await gatewayTasks(e, prepared.send, prepared.targets)), 'submit');
  }
  return prepared.moved;
}

const WITHDRAWN_RETRY = 'Withdrawn: the job was stopped when the operator asked to try again';
const WITHDRAWN_UNSENT = 'Withdrawn: the job was stopped before the operator received it';

/** Step 2: the answers of one submission. Returns how many tasks settled or went back for a retry. */
async function settle(e: TEngine, sid: string, results: TTaskResult[]): Promise<number> {
  const { db, s } = e;
  const by = { DONE: [] as TTaskResult[], FAILED: [] as TTaskResult[], RETRY: [] as TTaskResult[], CANCELLED: [] as TTaskResult[] };
  for (const r of results) {
    if (r.outcome === 'PENDING') continue;
    // A stopped job tries nothing again: "busy, retry" ends the task as withdrawn.
    if (r.outcome === 'RETRY' && s.withdrawing) by.CANCELLED.push({ ...r, error: WITHDRAWN_RETRY });
    else by[r.outcome].push(r);
  }
  if (!by.DONE.length && !by.FAILED.length && !by.RETRY.length && !by.CANCELLED.length) return 0;
  const keys = (list: TTaskResult[]) => {
    const parsed = list.map((r) => ({ ...parseKey(r.key), error: r.error })).filter((k) => k.id !== undefined);
    return sql`unnest(${sql.param(parsed.map((k) => k.id))}::bigint[], ${sql.param(parsed.map((k) => k.attempt))}::int[],
      ${sql.param(parsed.map((k) => k.error))}::text[]) AS r(id, attempt, error)`;
  };
  const match = sql`job_tasks.id = r.id AND job_tasks.attempt = r.attempt AND job_tasks.submission_id = ${sid}
    AND job_tasks.status IN ('SUBMITTED', 'SUBMITTING')`;
  return await db.transaction(async (tx) => {
    type TSettled = { sim_id: string; from_status: string | null; status: string };
    let moved = 0;
    let succeeded = 0;
    let failed = 0;
    let cancelled = 0;
    if (by.DONE.length) {
      const { rows } = await tx.execute<TSettled>(sql`UPDATE job_tasks SET status = 'SUCCEEDED', done_by = 'OPERATOR', error = NULL,
          updated_at = now() FROM ${keys(by.DONE)} WHERE ${match} RETURNING job_tasks.sim_id, job_tasks.from_status, job_tasks.status`);
      await settleSims(
        tx,
        s.type,
        rows.map((r) => r.sim_id),
        { imei: s.imei, firmwareVersion: s.firmware?.version ?? null },
      );
      succeeded += rows.length;
      moved += rows.length;
    }
    const back: { simId: string; from: string | null }[] = [];
    /** Ends tasks the operator answered for good: this key is spent (a later try goes under the next), the SIMs go back. */
    const end = async (status: 'FAILED' | 'CANCELLED', answers: TTaskResult[]) => {
      const { rows } =
        await tx.execute<TSettled>(sql`UPDATE job_tasks SET status = ${status}, error = r.error, attempt = job_tasks.attempt + 1,
          updated_at = now() FROM ${keys(answers)} WHERE ${match} RETURNING job_tasks.sim_id, job_tasks.from_status, job_tasks.status`);
      for (const r of rows) back.push({ simId: r.sim_id, from: r.from_status });
      moved += rows.length;
      return rows.length;
    };
    if (by.FAILED.length) failed += await end('FAILED', by.FAILED);
    if (by.RETRY.length) {
      const { rows } = await tx.execute<TSettled>(sql`UPDATE job_tasks SET
          status = CASE WHEN job_tasks.tries >= ${e.settings.maxAttempts} THEN 'FAILED' ELSE 'PENDING' END,
          error = CASE WHEN job_tasks.tries >= ${e.settings.maxAttempts} THEN r.error || ' (gave up after ' || job_tasks.tries || ' tries)' ELSE r.error END,
          attempt = job_tasks.attempt + 1, submission_id = NULL,
          next_at = now() + make_interval(secs => least(300, ${e.retryBaseMs / 1000}::float8 * power(2, job_tasks.tries - 1))),
          updated_at = now()
        FROM ${keys(by.RETRY)} WHERE ${match} RETURNING job_tasks.sim_id, job_tasks.from_status, job_tasks.status`);
      for (const r of rows) if (r.status === 'FAILED') back.push({ simId: r.sim_id, from: r.from_status });
      failed += rows.filter((r) => r.status === 'FAILED').length;
      moved += rows.length;
    }
    if (by.CANCELLED.length) cancelled += await end('CANCELLED', by.CANCELLED);
    await revertSims(tx, s.type, back);
    await bumpCounters(tx, s.mnoJobId, s.jobId, { inFlight: -moved, succeeded, failed, cancelled });
    await finishIfSettled(tx, s.mnoJobId, s.jobId);
    return moved;
  });
}

/**
 * Steps 1 and 3: asks the operator about every submission with tasks out (SUBMITTING: sent, nothing heard yet;
 * SUBMITTED: the operator has them). Answers settle; keys still being worked move to SUBMITTED; keys the operator does
 * not know — a run that died between recording and sending, or a send that timed out before it arrived — are sent again
 * under the same keys, which the operator applies at most once. Returns how many tasks moved.
 */
async function pollSubmissions(e: TEngine): Promise<number> {
  const { rows } = await e.db.execute<{ submission_id: string }>(sql`SELECT DISTINCT submission_id FROM job_tasks
    WHERE mno_job_id = ${e.s.mnoJobId} AND status IN ('SUBMITTING', 'SUBMITTED') LIMIT 100`);
  let moved = 0;
  const outstanding = async (sid: string) =>
    (
      await e.db.execute<TTaskToSend & { status: string }>(sql`SELECT id, attempt, iccid, status FROM job_tasks
        WHERE submission_id = ${sid} AND status IN ('SUBMITTING', 'SUBMITTED') ORDER BY id`)
    ).rows;
  for (const { submission_id: sid } of rows) {
    if (e.signal.aborted) break;
    if (e.s.withdrawing) {
      // Withdrawn keys the operator had not carried out come back CANCELLED from the poll below; asking again is harmless.
      const keys = (await outstanding(sid)).map((t) => taskKey(t.id, t.attempt));
      if (keys.length) await call(e, e.gateway.cancel(sid, keys), 'cancel');
    }
    const answer = await call(e, e.gateway.poll(sid), 'poll');
    moved += await settle(e, sid, answer.results);
    const known = new Set(answer.results.map((r) => r.key));
    const out = await outstanding(sid);
    const missing = out.filter((t) => !known.has(taskKey(t.id, t.attempt)));
    if (missing.length && e.s.withdrawing) {
      // The operator never received these: they end here instead of being sent.
      const results = missing.map((t) => ({ key: taskKey(t.id, t.attempt), outcome: 'CANCELLED' as const, error: WITHDRAWN_UNSENT }));
      moved += await settle(e, sid, results);
    } else if (missing.length) {
      await takeRateSlot(e.db, e.settings, missing.length, e.signal);
      await call(e, e.gateway.submit(sid, e.s.operation, await gatewayTasks(e, missing)), 'submit');
    } else if (out.some((t) => t.status === 'SUBMITTING')) {
      await markSubmitted(e.db, sid);
    }
  }
  return moved;
}

/** A stopped job: tasks not at the operator (waiting, or back for a retry) end CANCELLED, their SIMs back. */
async function stopUnsent(e: TEngine): Promise<void> {
  const { s } = e;
  await e.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ sim_id: string; from_status: string | null; old: string }>(sql`
      UPDATE job_tasks SET status = 'CANCELLED', error = ${WITHDRAWN_UNSENT}, updated_at = now()
      FROM (SELECT id, status AS old FROM job_tasks WHERE mno_job_id = ${s.mnoJobId} AND status IN ('QUEUED', 'PENDING') FOR UPDATE) o
      WHERE job_tasks.id = o.id RETURNING job_tasks.sim_id, job_tasks.from_status, o.old`);
    if (rows.length === 0) return;
    await revertSims(
      tx,
      s.type,
      rows.filter((r) => r.old === 'PENDING').map((r) => ({ simId: r.sim_id, from: r.from_status })),
    );
    await bumpCounters(tx, s.mnoJobId, s.jobId, { cancelled: rows.length });
    await finishIfSettled(tx, s.mnoJobId, s.jobId);
  });
}

/**
 * A call failed (outage, timeout): back off, or — past the operator's attempts — fail what is not settled: tasks not
 * yet sent fail as not sent; tasks sent without an answer fail with the outcome unknown, keeping their key, so a
 * Reinitiate sends the same key again and the operator cannot apply it twice.
 */
async function callFailed(e: TEngine, error: GatewayError): Promise<TQueueResult> {
  const { db, s } = e;
  const failures = s.callFailures + 1;
  if (failures < e.settings.maxAttempts) {
    const at = new Date(Date.now() + backoffMs(e.retryBaseMs, failures));
    await db.execute(sql`UPDATE mno_jobs SET call_failures = ${failures}, last_error = ${error.message}, next_attempt_at = ${at.toISOString()}::timestamptz,
        status = 'RUNNING', updated_at = now() WHERE id = ${s.mnoJobId}`);
    return { again: at };
  }
  await db.transaction(async (tx) => {
    const giveUp = `${error.message}; gave up after ${failures} attempts`;
    const { rows } = await tx.execute<{ sim_id: string; from_status: string | null; old: string }>(sql`
      UPDATE job_tasks SET status = 'FAILED', updated_at = now(),
        error = CASE WHEN o.old IN ('SUBMITTING', 'SUBMITTED')
          THEN ${`${giveUp}: the outcome at the operator is unknown; check at its portal, then Mark As Done or Reinitiate`}
          ELSE ${`${giveUp}: not sent`} END
      FROM (SELECT id, status AS old FROM job_tasks WHERE mno_job_id = ${s.mnoJobId}
        AND status IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED') FOR UPDATE) o
      WHERE job_tasks.id = o.id
      RETURNING job_tasks.sim_id, job_tasks.from_status, o.old`);
    await revertSims(
      tx,
      s.type,
      rows.filter((r) => r.old !== 'QUEUED').map((r) => ({ simId: r.sim_id, from: r.from_status })),
    );
    const inFlight = rows.filter((r) => r.old === 'SUBMITTING' || r.old === 'SUBMITTED').length;
    await tx.execute(sql`UPDATE mno_jobs SET call_failures = ${failures}, last_error = ${error.message}, next_attempt_at = NULL
      WHERE id = ${s.mnoJobId}`);
    await bumpCounters(tx, s.mnoJobId, s.jobId, { inFlight: -inFlight, failed: rows.length });
    await finishIfSettled(tx, s.mnoJobId, s.jobId);
  });
  return undefined;
}

/** After a run: the MNO job's status, and when to run again (now, at the next retry, or to poll). */
async function rearm(e: TEngine): Promise<TQueueResult> {
  const { db, s } = e;
  const { rows } = await db.execute<{ next_due: string | null; in_flight: number; left: number }>(sql`
    SELECT min(next_at) FILTER (WHERE status IN ('QUEUED', 'PENDING')) AS next_due,
      count(*) FILTER (WHERE status IN ('SUBMITTING', 'SUBMITTED'))::int AS in_flight, count(*)::int AS left
    FROM job_tasks WHERE mno_job_id = ${s.mnoJobId} AND status IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED')`);
  const r = rows[0]!;
  if (r.left === 0) {
    await db.transaction(async (tx) => finishIfSettled(tx, s.mnoJobId, s.jobId));
    return undefined;
  }
  const sending = r.next_due !== null && new Date(r.next_due).getTime() <= Date.now() + 50;
  await db.execute(sql`UPDATE mno_jobs SET status = ${sending || r.in_flight === 0 ? 'RUNNING' : 'WAITING_OPERATOR'}, updated_at = now()
    WHERE id = ${s.mnoJobId} AND status NOT IN ${FINAL_SQL}`);
  await refreshJobStatus(db, s.jobId);
  if (sending) return { again: 0 };
  const pollIn = Math.max(50, Math.min(1000, e.settings.processingMs || 200));
  const due = r.next_due ? new Date(r.next_due).getTime() - Date.now() : Number.POSITIVE_INFINITY;
  return { again: Math.max(0, Math.min(due, r.in_flight > 0 ? pollIn : Number.POSITIVE_INFINITY)) };
}

/** One run of an MNO job (the queue handler). */
export async function runMnoJob(ctx: TQueueContext, mnoJobId: string): Promise<TQueueResult> {
  const db = ctx.db;
  const s = await loadState(db, mnoJobId);
  if (!s || ['COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED'].includes(s.status)) return undefined;
  if (s.nextAttemptAt && s.nextAttemptAt.getTime() > Date.now() + 20) return { again: s.nextAttemptAt };
  await db.execute(sql`UPDATE mno_jobs SET status = CASE WHEN status = 'QUEUED' THEN 'RUNNING' ELSE status END,
      started_at = coalesce(started_at, now()) WHERE id = ${mnoJobId}`);
  await db.execute(sql`UPDATE batch_jobs SET status = CASE WHEN status = 'QUEUED' THEN 'RUNNING' ELSE status END,
      started_at = coalesce(started_at, now()) WHERE id = ${s.jobId} AND status NOT IN ${FINAL_SQL}`);
  const settings = await getGatewaySettings(db, s.operator);
  const gateway = s.mode === 'MANUAL' ? null : gatewayFor(db, settings);
  if (!gateway) {
    // Worked by hand: staff download the SIM list, work it at the operator's portal, then Mark As Done or Reinitiate.
    await db.execute(sql`UPDATE mno_jobs SET mode = 'MANUAL', status = 'WAITING_OPERATOR',
        last_error = coalesce(last_error, 'No automatic gateway for this operator: work it at the operator''s portal'), updated_at = now()
      WHERE id = ${mnoJobId} AND status NOT IN ${FINAL_SQL}`);
    await refreshJobStatus(db, s.jobId);
    return undefined;
  }
  const e: TEngine = { db, s, settings, gateway, retryBaseMs: ctx.config.operatorRetryBaseMs, signal: ctx.signal };
  const deadline = Date.now() + SLICE_MS;
  try {
    if (s.withdrawing) await stopUnsent(e);
    await pollSubmissions(e);
    while (Date.now() < deadline && !ctx.signal.aborted) {
      const sent = s.withdrawing ? 0 : await submitNext(e);
      const settled = await pollSubmissions(e);
      if (sent === 0 && settled === 0) break;
    }
  } catch (error) {
    if (error instanceof GatewayError) return await callFailed(e, error);
    throw error;
  }
  if (s.callFailures > 0) {
    await db.execute(sql`UPDATE mno_jobs SET call_failures = 0, next_attempt_at = NULL, last_error = NULL WHERE id = ${mnoJobId}`);
  }
  return await rearm(e);
}

registerQueueHandler(MNO_RUN, async (ctx, job) => runMnoJob(ctx, (job.payload as { mnoJobId: string }).mnoJobId));
