import type { TDeviceDetails, TSimDiagnosisQuery } from '@tarang/shared/sims/diagnosis.schemas';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { findTac } from '../devices/device-tacs';
import { deviceOfSim } from '../devices/devices.service';
import { findDiagnosedSim } from './diagnosis.service';

/**
 * Fetch Device Details (decision 028): the IMEI the SIM was last seen in, newest first from what its operators last
 * reported, else the provider's record of it; the make and model by its TAC; the device registered in reach — the one
 * holding the SIM, else the one with that IMEI (decision 031).
 */
export async function getDeviceDetails(deps: TDeps, ctx: TRequestContext, q: TSimDiagnosisQuery): Promise<TDeviceDetails> {
  const actor = requireActor(ctx);
  const sim = await findDiagnosedSim(deps, ctx, q);
  const { rows } = await deps.db.execute<{ imei: string; seen_at: string | null }>(sql`
    SELECT state->>'imeiSeen' AS imei, state->>'lastSeenAt' AS seen_at FROM sim_network_states
    WHERE sim_id = ${sim.id} AND state->>'imeiSeen' IS NOT NULL
    ORDER BY state->>'lastSeenAt' DESC NULLS LAST LIMIT 1`);
  const reported = rows[0];
  const imei = reported?.imei ?? sim.lastImei;
  return {
    iccid: sim.iccid,
    imei,
    seenAt: reported?.seen_at ?? null,
    source: reported ? 'OPERATOR' : imei ? 'RECORDS' : null,
    tac: imei ? await findTac(deps.db, imei) : null,
    device: await deviceOfSim(deps, actor, sim.id, imei).then((d) => (d ? { id: d.id, name: d.name } : null)),
  };
}
