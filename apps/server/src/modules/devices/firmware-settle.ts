import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';

/**
 * Firmware jobs' part in the request engine (issue 17, docs/decisions/031-devices.md): a task names the SIM through
 * which its device is reached; the device is the one holding that SIM when the task is sent, and takes the version once
 * the device-management gateway reports it installed.
 */

/** The IMEI of the device holding each task's SIM (tasks whose SIM no device holds are left out). */
export async function firmwareTargets(db: TExecutor, taskIds: number[]): Promise<Map<number, string>> {
  if (taskIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; imei: string }>(sql`
    SELECT t.id, d.imei FROM job_tasks t JOIN devices d ON d.sim_id = t.sim_id
    WHERE t.id = ANY(${sql.param(taskIds)}::bigint[])`);
  return new Map(rows.map((r) => [Number(r.id), r.imei]));
}

/** The devices of these SIMs run the version now. */
export async function settleFirmware(db: TExecutor, simIds: string[], version: string): Promise<void> {
  await db.execute(sql`UPDATE devices SET firmware_version = ${version}, version = version + 1, updated_at = now()
    WHERE sim_id = ANY(${sql.param(simIds)}::char(24)[])`);
}
