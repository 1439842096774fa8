import { REQUEST_TRANSITIONS, type TRequestType } from '@tarang/shared/requests/request.constants';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { SYSTEM_CONTEXT } from '../../http/request-context';
import { settleActivation } from '../activations/activation-settle';
import { recordAudit } from '../audit/audit.service';
import { settleFirmware } from '../devices/firmware-settle';
import { completeReplacements, releaseNewSims } from '../sim-replacement/replacement-settle';

/**
 * SQL shared by the engine and the staff actions on jobs: counters, SIM settling, the end of an MNO job and of a
 * batch job. Counters move in the transaction that moves the tasks, so progress is always what the tasks say.
 */

export const FINAL_SQL = sql.raw(`('COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED')`);

export type TDelta = { inFlight?: number; succeeded?: number; failed?: number; cancelled?: number; byHand?: number };

/** Adds to the counters of an MNO job (a batch job's counts are the sum of its MNO jobs'). */
export async function bumpCounters(db: TExecutor, mnoJobId: string, _jobId: string, d: TDelta): Promise<void> {
  const inFlight = d.inFlight ?? 0;
  const succeeded = d.succeeded ?? 0;
  const failed = d.failed ?? 0;
  const cancelled = d.cancelled ?? 0;
  if (!inFlight && !succeeded && !failed && !cancelled && !d.byHand) return;
  await db.execute(sql`UPDATE mno_jobs SET in_flight = in_flight + ${inFlight}, succeeded = succeeded + ${succeeded},
      failed = failed + ${failed}, cancelled = cancelled + ${cancelled}, by_hand = by_hand + ${d.byHand ?? 0}, updated_at = now()
    WHERE id = ${mnoJobId}`);
}

/** A batch job's counts: the sums over its MNO jobs, as SQL columns for a job aliased `b`. */
export const jobCountsLateral = sql`LEFT JOIN LATERAL (SELECT coalesce(sum(mc.succeeded), 0)::int AS succeeded,
    coalesce(sum(mc.failed), 0)::int AS failed, coalesce(sum(mc.cancelled), 0)::int AS cancelled,
    coalesce(sum(mc.in_flight), 0)::int AS in_flight FROM mno_jobs mc WHERE mc.job_id = b.id) c ON true`;

/** The end status of a set of tasks from its counts. */
const endStatus = (total: string) =>
  sql.raw(`CASE WHEN cancelled >= ${total} THEN 'CANCELLED' WHEN succeeded >= ${total} THEN 'COMPLETED'
    WHEN succeeded = 0 AND failed = 0 THEN 'CANCELLED' WHEN succeeded = 0 THEN 'FAILED' ELSE 'PARTIAL' END`);

/**
 * Ends the MNO job and the batch job when every task is settled: COMPLETED, PARTIAL, FAILED or CANCELLED as the
 * counts say. The batch's end is one audit event (linked from each SIM's history) and the "operator confirmed"
 * checkpoint when any SIM changed.
 */
export async function finishIfSettled(db: TExecutor, mnoJobId: string, jobId: string): Promise<void> {
  // An activation's money follows its SIMs in the same transaction (modules/activations/activation-settle.ts).
  await settleActivation(db, jobId);
  await db.execute(sql`UPDATE mno_jobs SET status = ${endStatus('tasks_count')}, finished_at = now(), updated_at = now(),
      next_attempt_at = NULL
    WHERE id = ${mnoJobId} AND succeeded + failed + cancelled >= tasks_count AND status NOT IN ${FINAL_SQL}`);
  // The batch row is locked before its MNO jobs are read: two MNO jobs ending at once take turns, and the second sees
  // the first one's end.
  await db.execute(sql`SELECT 1 FROM batch_jobs WHERE id = ${jobId} FOR NO KEY UPDATE`);
  const { rows } = await db.execute<{
    status: string;
    request_id: string;
    organization_id: string | null;
    batch_job_id: string;
    type: string;
    succeeded: number;
    failed: number;
    cancelled: number;
    sims_count: number;
  }>(sql`WITH c AS (SELECT coalesce(sum(succeeded), 0)::int AS succeeded, coalesce(sum(failed), 0)::int AS failed,
        coalesce(sum(cancelled), 0)::int AS cancelled FROM mno_jobs WHERE job_id = ${jobId})
    UPDATE batch_jobs SET status = ${endStatus('sims_count')}, finished_at = now()
    FROM c WHERE id = ${jobId} AND c.succeeded + c.failed + c.cancelled >= sims_count AND status NOT IN ${FINAL_SQL}
    RETURNING status, request_id, organization_id, batch_job_id, type, c.succeeded, c.failed, c.cancelled, sims_count`);
  const done = rows[0];
  if (!done) {
    await refreshJobStatus(db, jobId);
    return;
  }
  if (done.succeeded > 0) await markCheckpoint(db, done.request_id, 'OPERATOR_CONFIRMED', null);
  await recordAudit(db, SYSTEM_CONTEXT, {
    action: `job.${done.status.toLowerCase()}`,
    entityType: 'sim_batch',
    entityId: jobId,
    organizationId: done.organization_id,
    after: {
      requestId: done.request_id,
      batchJobId: done.batch_job_id,
      type: done.type,
      simsCount: done.sims_count,
      succeeded: done.succeeded,
      failed: done.failed,
      cancelled: done.cancelled,
    },
  });
}

/** The batch job shows RUNNING while any MNO job has work to send, WAITING_OPERATOR while only answers are awaited. */
export async function refreshJobStatus(db: TExecutor, jobId: string): Promise<void> {
  await db.execute(sql`UPDATE batch_jobs b SET status = CASE
      WHEN EXISTS (SELECT 1 FROM mno_jobs m WHERE m.job_id = b.id AND m.status = 'RUNNING') THEN 'RUNNING'
      WHEN EXISTS (SELECT 1 FROM mno_jobs m WHERE m.job_id = b.id AND m.status = 'WAITING_OPERATOR') THEN 'WAITING_OPERATOR'
      ELSE b.status END
    WHERE b.id = ${jobId} AND b.status NOT IN ${FINAL_SQL}`);
}

/** Marks a checkpoint done (once): automatically when `by` is null, else by that person. */
export async function markCheckpoint(
  db: TExecutor,
  requestId: string,
  step: string,
  by: { id: string | null; label: string } | null,
  note: string | null = null,
): Promise<void> {
  await db.execute(sql`INSERT INTO request_checkpoints (request_id, step, done_at, done_by_id, done_by_label, automatic, note)
    VALUES (${requestId}, ${step}, now(), ${by?.id ?? null}, ${by?.label ?? 'System'}, ${by === null}, ${note})
    ON CONFLICT (request_id, step) DO UPDATE SET done_at = now(), done_by_id = EXCLUDED.done_by_id,
      done_by_label = EXCLUDED.done_by_label, automatic = EXCLUDED.automatic, note = coalesce(EXCLUDED.note, request_checkpoints.note)
    WHERE request_checkpoints.done_at IS NULL`);
}

/** SIMs whose task succeeded take the new state: status (ACTIVE, SUSPENDED, TERMINATED) or the IMEI lock fields. */
export async function settleSims(
  db: TExecutor,
  type: TRequestType,
  simIds: string[],
  params: { imei?: string | null; firmwareVersion?: string | null },
): Promise<void> {
  if (simIds.length === 0) return;
  const ids = sql`${sql.param(simIds)}::char(24)[]`;
  const t = REQUEST_TRANSITIONS[type];
  if (type === 'REPLACE') {
    await completeReplacements(db, simIds);
  } else if (type === 'FIRMWARE_UPDATE') {
    if (params.firmwareVersion) await settleFirmware(db, simIds, params.firmwareVersion);
  } else if (t.to) {
    await db.execute(sql`UPDATE sims SET status = ${t.to}, intended_status = NULL, status_reason = NULL,
        activated_at = CASE WHEN ${t.to} = 'ACTIVE' AND activated_at IS NULL THEN now() ELSE activated_at END,
        version = version + 1, updated_at = now()
      WHERE id = ANY(${ids})`);
  } else if (type === 'IMEI_LOCK') {
    await db.execute(sql`UPDATE sims SET imei_lock = true, locked_imei = coalesce(${params.imei ?? null}::text, last_imei),
        version = version + 1, updated_at = now() WHERE id = ANY(${ids})`);
  } else if (type === 'IMEI_UNLOCK') {
    await db.execute(sql`UPDATE sims SET imei_lock = false, locked_imei = NULL, version = version + 1, updated_at = now()
      WHERE id = ANY(${ids})`);
  }
}

/** SIMs whose task failed or was withdrawn go back to the status they had (only if they still show PENDING_<TARGET>). */
export async function revertSims(db: TExecutor, type: TRequestType, sims: { simId: string; from: string | null }[]): Promise<void> {
  if (type === 'REPLACE') {
    await releaseNewSims(
      db,
      sims.map((s) => s.simId),
    );
    return;
  }
  const pending = REQUEST_TRANSITIONS[type].pending;
  const back = sims.filter((s) => s.from);
  if (!pending || back.length === 0) return;
  await db.execute(sql`UPDATE sims SET status = r.from_status, version = version + 1, updated_at = now()
    FROM unnest(${sql.param(back.map((s) => s.simId))}::char(24)[], ${sql.param(back.map((s) => s.from))}::text[]) AS r(id, from_status)
    WHERE sims.id = r.id AND sims.status = ${pending}`);
}
