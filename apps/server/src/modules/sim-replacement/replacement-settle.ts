import { REPLACEMENT_STATUSES } from '@tarang/shared/sims/replacement.schemas';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';

/**
 * The replacement's part in the request engine (issue 16, docs/decisions/030-sim-replacement.md). Each step runs in the
 * engine's transaction for the tasks concerned, set-based, so ten thousand pairs settle as fast as one:
 *  - sending: the new SIM is checked again (still in stock or allocated to the old SIM's organisation, and free) and
 *    held as PENDING_ACTIVE, its status kept to go back to;
 *  - the operator moved the number (the task SUCCEEDED): everything moves to the new SIM and the old one ends REPLACED;
 *  - the operator refused, or the pair was withdrawn: the new SIM goes back to what it was; the old one never changed.
 */

type TRefusal = { taskId: number; reason: string };

/** Sending: holds the new SIM of each pair (PENDING_ACTIVE); answers the pairs whose new SIM can no longer take over. */
export async function holdNewSims(tx: TExecutor, taskIds: number[]): Promise<{ refused: TRefusal[]; targets: Map<number, string> }> {
  const targets = new Map<number, string>();
  if (taskIds.length === 0) return { refused: [], targets };
  const { rows } = await tx.execute<{
    task_id: number;
    new_iccid: string;
    status: string;
    new_org: string | null;
    old_org: string | null;
    busy: boolean;
  }>(sql`
    SELECT r.task_id, r.new_iccid, n.status, n.organization_id AS new_org, o.organization_id AS old_org,
      EXISTS (SELECT 1 FROM job_tasks t WHERE t.sim_id = n.id AND t.status IN ('QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED')) AS busy
    FROM sim_replacements r JOIN sims n ON n.id = r.new_sim_id JOIN sims o ON o.id = r.old_sim_id
    WHERE r.task_id = ANY(${sql.param(taskIds)}::bigint[])
    ORDER BY n.id FOR UPDATE OF n`);
  const refused: TRefusal[] = [];
  const held: number[] = [];
  for (const r of rows) {
    let reason: string | null = null;
    if (!(REPLACEMENT_STATUSES as readonly string[]).includes(r.status))
      reason = `The new SIM ${r.new_iccid} is ${r.status} now: it must be in stock or allocated (changed since the request)`;
    else if (r.new_org !== null && r.new_org !== r.old_org)
      reason = `The new SIM ${r.new_iccid} belongs to another organisation now (changed since the request)`;
    else if (r.busy) reason = `The new SIM ${r.new_iccid} is in another request`;
    if (reason) refused.push({ taskId: Number(r.task_id), reason });
    else {
      held.push(Number(r.task_id));
      targets.set(Number(r.task_id), r.new_iccid);
    }
  }
  if (held.length) {
    await tx.execute(sql`
      WITH h AS (
        UPDATE sim_replacements r SET new_from_status = n.status FROM sims n
        WHERE r.task_id = ANY(${sql.param(held)}::bigint[]) AND n.id = r.new_sim_id
        RETURNING r.new_sim_id)
      UPDATE sims SET status = 'PENDING_ACTIVE', version = version + 1, updated_at = now()
      WHERE id IN (SELECT new_sim_id FROM h)`);
  }
  return { refused, targets };
}

/** The new ICCID each pair sends to the operator (a pair sent again after a lost answer goes under the same). */
export async function replacementTargets(db: TExecutor, taskIds: number[]): Promise<Map<number, string>> {
  if (taskIds.length === 0) return new Map();
  const { rows } = await db.execute<{ task_id: number; new_iccid: string }>(
    sql`SELECT task_id, new_iccid FROM sim_replacements WHERE task_id = ANY(${sql.param(taskIds)}::bigint[])`,
  );
  return new Map(rows.map((r) => [Number(r.task_id), r.new_iccid]));
}

/**
 * The operator moved the numbers: for each pair of these old SIMs whose task SUCCEEDED, what the old SIM holds is
 * written down in `moved`, taken off the old SIM (it ends REPLACED), and put on the new one — the numbers profile by
 * profile (by operator), status, organisation, plan and expiry, APN, static IP, IMEI lock, label and tags, the
 * whitelists of each profile (any the new SIM held give way), and the device that held it.
 */
export async function completeReplacements(tx: TExecutor, oldSimIds: string[]): Promise<void> {
  if (oldSimIds.length === 0) return;
  const { rows: done } = await tx.execute<{ id: string }>(sql`
    SELECT r.id FROM sim_replacements r JOIN job_tasks t ON t.id = r.task_id
    WHERE r.old_sim_id = ANY(${sql.param(oldSimIds)}::char(24)[]) AND r.completed_at IS NULL AND t.status = 'SUCCEEDED'
    ORDER BY r.id FOR UPDATE OF r`);
  if (done.length === 0) return;
  const ids = sql`${sql.param(done.map((d) => d.id))}::char(24)[]`;

  // 1. What moves, written down first (the old SIM's fields are cleared next).
  await tx.execute(sql`
    UPDATE sim_replacements r SET moved = jsonb_build_object(
      'status', o.status, 'intendedStatus', o.intended_status, 'statusReason', o.status_reason,
      'organizationId', o.organization_id, 'planId', o.plan_id, 'expiresAt', o.expires_at, 'apn', o.apn,
      'staticIp', o.static_ip, 'imeiLock', o.imei_lock, 'lockedImei', o.locked_imei, 'lastImei', o.last_imei,
      'label', o.label, 'tags', to_jsonb(o.tags),
      'msisdns', coalesce((SELECT jsonb_agg(jsonb_build_object('operator', op.operator, 'msisdn', op.msisdn,
          'oldIccid', op.iccid, 'newIccid', np.iccid, 'released', np.msisdn) ORDER BY op.position)
        FROM sim_profiles op JOIN sim_profiles np ON np.sim_id = r.new_sim_id AND np.operator = op.operator
        WHERE op.sim_id = r.old_sim_id), '[]'::jsonb),
      'whitelists', (SELECT count(*) FROM sim_whitelists w JOIN sim_profiles op ON op.iccid = w.iccid WHERE op.sim_id = r.old_sim_id))
    FROM sims o WHERE r.id = ANY(${ids}) AND o.id = r.old_sim_id`);

  // 2. The numbers: off the old profiles, onto the new ones of the same operator (the new SIM's own numbers are released).
  await tx.execute(sql`
    UPDATE sim_profiles p SET msisdn = NULL
    FROM sim_replacements r, jsonb_to_recordset(r.moved -> 'msisdns') AS m("oldIccid" text)
    WHERE r.id = ANY(${ids}) AND p.iccid = m."oldIccid"`);
  await tx.execute(sql`
    UPDATE sim_profiles p SET msisdn = m.msisdn
    FROM sim_replacements r, jsonb_to_recordset(r.moved -> 'msisdns') AS m("newIccid" text, msisdn text)
    WHERE r.id = ANY(${ids}) AND p.iccid = m."newIccid"`);

  // 3. The whitelists of each profile move to the new profile of its operator.
  await tx.execute(sql`
    DELETE FROM sim_whitelists w
    USING sim_replacements r, jsonb_to_recordset(r.moved -> 'msisdns') AS m("newIccid" text)
    WHERE r.id = ANY(${ids}) AND w.iccid = m."newIccid"`);
  await tx.execute(sql`
    UPDATE sim_whitelists w SET iccid = m."newIccid", sim_id = r.new_sim_id, updated_at = now()
    FROM sim_replacements r, jsonb_to_recordset(r.moved -> 'msisdns') AS m("oldIccid" text, "newIccid" text)
    WHERE r.id = ANY(${ids}) AND w.iccid = m."oldIccid"`);

  // 4. The old SIM ends REPLACED with nothing left on it; then the new SIM takes what it had.
  await tx.execute(sql`
    UPDATE sims o SET status = 'REPLACED', intended_status = NULL, status_reason = 'Replaced by ' || r.new_iccid,
      plan_id = NULL, expires_at = NULL, static_ip = NULL, imei_lock = false, locked_imei = NULL, label = NULL, tags = '{}',
      version = o.version + 1, updated_at = now()
    FROM sim_replacements r WHERE r.id = ANY(${ids}) AND o.id = r.old_sim_id`);
  await tx.execute(sql`
    UPDATE sims n SET status = m ->> 'status', intended_status = m ->> 'intendedStatus', status_reason = m ->> 'statusReason',
      organization_id = m ->> 'organizationId', plan_id = m ->> 'planId', activated_at = now(),
      expires_at = (m ->> 'expiresAt')::timestamptz, apn = m ->> 'apn', static_ip = m ->> 'staticIp',
      imei_lock = (m ->> 'imeiLock')::boolean, locked_imei = m ->> 'lockedImei', last_imei = coalesce(m ->> 'lastImei', n.last_imei),
      label = m ->> 'label', tags = ARRAY(SELECT jsonb_array_elements_text(m -> 'tags')),
      version = n.version + 1, updated_at = now()
    FROM (SELECT new_sim_id, moved AS m FROM sim_replacements WHERE id = ANY(${ids})) r
    WHERE n.id = r.new_sim_id`);

  // 5. The device that held the old SIM holds the new one (a device the new SIM was in lets go of it first).
  await tx.execute(sql`
    UPDATE devices d SET sim_id = NULL, version = d.version + 1, updated_at = now()
    FROM sim_replacements r WHERE r.id = ANY(${ids}) AND d.sim_id = r.new_sim_id`);
  await tx.execute(sql`
    WITH moved AS (
      UPDATE devices d SET sim_id = r.new_sim_id, version = d.version + 1, updated_at = now()
      FROM sim_replacements r WHERE r.id = ANY(${ids}) AND d.sim_id = r.old_sim_id
      RETURNING r.id AS replacement_id, d.id AS device_id)
    UPDATE sim_replacements r SET moved = r.moved || jsonb_build_object('deviceId', m.device_id)
    FROM moved m WHERE r.id = m.replacement_id`);

  // 6. The new SIM's history shows the request; the pair is complete.
  await tx.execute(sql`
    INSERT INTO sim_history (sim_id, operation_id)
    SELECT r.new_sim_id, t.job_id FROM sim_replacements r JOIN job_tasks t ON t.id = r.task_id WHERE r.id = ANY(${ids})`);
  await tx.execute(sql`UPDATE sim_replacements SET completed_at = now() WHERE id = ANY(${ids})`);
}

/**
 * The operator refused or the pair was withdrawn: each new SIM held for these old SIMs goes back to its status, unless
 * another pair holds it now. The old SIM kept its status throughout.
 */
export async function releaseNewSims(tx: TExecutor, oldSimIds: string[]): Promise<void> {
  if (oldSimIds.length === 0) return;
  await tx.execute(sql`
    UPDATE sims n SET status = r.new_from_status, version = n.version + 1, updated_at = now()
    FROM sim_replacements r JOIN job_tasks t ON t.id = r.task_id
    WHERE r.old_sim_id = ANY(${sql.param(oldSimIds)}::char(24)[]) AND r.completed_at IS NULL
      AND t.status IN ('FAILED', 'CANCELLED') AND r.new_from_status IS NOT NULL
      AND n.id = r.new_sim_id AND n.status = 'PENDING_ACTIVE'
      AND NOT EXISTS (SELECT 1 FROM sim_replacements x JOIN job_tasks xt ON xt.id = x.task_id
        WHERE x.new_sim_id = n.id AND x.id <> r.id AND x.completed_at IS NULL AND xt.status IN ('PENDING', 'SUBMITTING', 'SUBMITTED'))`);
}
