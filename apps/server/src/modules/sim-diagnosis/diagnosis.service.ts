import { STATE_SYNC_OPERATION } from '@tarang/shared/requests/request.constants';
import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import type { TNetworkConditionSet, TSimDiagnosis, TSimDiagnosisQuery } from '@tarang/shared/sims/diagnosis.schemas';
import type { TNetworkState } from '@tarang/shared/sims/network-state';
import type { TSim } from '@tarang/shared/sims/sim.schemas';
import type { TSimWhitelist } from '@tarang/shared/whitelists/whitelist.schemas';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import { AppError, fieldError } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { GatewayError, gatewayFor, withTimeout } from '../operators/gateway';
import { getGatewaySettings } from '../operators/operators.service';
import { findBlueprintOf } from '../plans/blueprints.repository';
import { findPlanRow, type TPlanRow } from '../plans/plans.repository';
import { createRequest } from '../requests/request-create.service';
import { findSimByIccid, toSim } from '../sims/sims.repository';
import { usageAllowance } from '../usage/usage.service';
import { ingestedThrough } from '../usage/usage-ingest';
import { walletIdOf } from '../wallets/ledger';
import { listSimWhitelists } from '../whitelists/sim-whitelists.service';
import { diagnose, type TOpenTask, type TRenewal } from './diagnosis-checks';

/**
 * SIM diagnosis (issue 16, docs/decisions/028-sim-network-state.md): the SIM found by any profile's ICCID, its MSISDN
 * or IMSI, inside the caller's reach (404 naming the field otherwise), its checks from what the provider knows and what
 * each operator last reported, and Refresh: each operator asked again now, under its timeout.
 */

const ACTIVE_TASKS = ['QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED'];

async function iccidOf(deps: TDeps, q: TSimDiagnosisQuery): Promise<{ iccid: string | null; field: string }> {
  if (q.iccid) return { iccid: q.iccid, field: 'iccid' };
  const field = q.msisdn ? 'msisdn' : 'imsi';
  const value = q.msisdn ?? q.imsi!;
  const candidates = q.msisdn ? [value, value.startsWith('+') ? value.slice(1) : `+${value}`, `+91${value}`] : [value];
  const column = q.msisdn ? sql`msisdn` : sql`imsi`;
  const { rows } = await deps.db.execute<{ iccid: string }>(
    sql`SELECT iccid FROM sim_profiles WHERE ${column} = ANY(${sql.param(candidates)}::text[]) LIMIT 1`,
  );
  return { iccid: rows[0]?.iccid ?? null, field };
}

/** The SIM named by ICCID, MSISDN or IMSI inside the caller's reach; else a 404 naming the field given. */
export async function findDiagnosedSim(deps: TDeps, ctx: TRequestContext, q: TSimDiagnosisQuery): Promise<TSim> {
  const actor = requireActor(ctx);
  const { iccid, field } = await iccidOf(deps, q);
  const row = iccid ? await findSimByIccid(deps.db, actor.scope, iccid) : null;
  if (!row) throw fieldError('NOT_FOUND', field, 'SIM not found');
  return toSim(row);
}

/** Asks each operator of the SIM what it sees now; keeps what they answer, says which did not. */
async function refreshStates(deps: TDeps, sim: TSim): Promise<TSimDiagnosis['unanswered']> {
  const byOperator = new Map<string, string[]>();
  for (const p of [sim.primary, ...sim.provisioned]) byOperator.set(p.operator, [...(byOperator.get(p.operator) ?? []), p.ICCID]);
  const unanswered: TSimDiagnosis['unanswered'] = [];
  await Promise.all(
    [...byOperator].map(async ([operator, iccids]) => {
      const settings = await getGatewaySettings(deps.db, operator);
      const gateway = gatewayFor(deps.db, settings);
      if (!gateway) {
        unanswered.push({ operator, message: `${operator} is worked by hand: there is no gateway to ask` });
        return;
      }
      try {
        const states = await withTimeout(gateway.networkStates(iccids), settings.timeoutMs, `${operator} network state`);
        await storeStates(deps, sim.id, states);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        unanswered.push({
          operator,
          message:
            error.kind === 'TIMEOUT'
              ? `${operator} did not answer within ${settings.timeoutMs} ms: what it said last is shown`
              : `${operator} is not answering: what it said last is shown`,
        });
      }
    }),
  );
  return unanswered.sort((a, b) => a.operator.localeCompare(b.operator));
}

async function storeStates(deps: TDeps, simId: string, states: TNetworkState[]): Promise<void> {
  if (states.length === 0) return;
  await deps.db.execute(sql`
    INSERT INTO sim_network_states (iccid, sim_id, operator, state, checked_at)
    SELECT x.iccid, ${simId}, x.operator, x.state::jsonb, x.checked_at::timestamptz
    FROM unnest(${sql.param(states.map((s) => s.iccid))}::text[], ${sql.param(states.map((s) => s.operator))}::text[],
      ${sql.param(states.map((s) => JSON.stringify(s)))}::text[], ${sql.param(states.map((s) => s.checkedAt))}::text[])
      AS x(iccid, operator, state, checked_at)
    ON CONFLICT (iccid) DO UPDATE SET sim_id = EXCLUDED.sim_id, operator = EXCLUDED.operator, state = EXCLUDED.state,
      checked_at = EXCLUDED.checked_at`);
  // The IMEI last seen is the SIM's own record too (an IMEI lock without an IMEI locks to it).
  const seen = states.filter((s) => s.imeiSeen && s.lastSeenAt).sort((a, b) => b.lastSeenAt!.localeCompare(a.lastSeenAt!))[0];
  if (seen)
    await deps.db.execute(
      sql`UPDATE sims SET last_imei = ${seen.imeiSeen} WHERE id = ${simId} AND last_imei IS DISTINCT FROM ${seen.imeiSeen}`,
    );
}

/**
 * The next renewal of the SIM's plan: its organisation's price of the plan against the wallet's available balance. The
 * figures are shown only to a caller whose role sees the wallet; the others learn only whether it is covered.
 */
async function renewalOf(deps: TDeps, actor: TActor, sim: TSim, plan: TPlanRow | null): Promise<TRenewal | null> {
  const organizationId = sim.organization?.id;
  if (!sim.planId || !organizationId) return null;
  const [blueprint, wallet] = await Promise.all([
    findBlueprintOf(deps.db, organizationId, sim.planId),
    deps.db.execute<{ available: string }>(
      sql`SELECT balance - blocked AS available FROM ledger_accounts WHERE id = ${walletIdOf(organizationId)}`,
    ),
  ]);
  const offered = !!blueprint && !!plan && plan.retiredAt === null;
  const available = Number(wallet.rows[0]?.available ?? 0);
  const price = blueprint?.price ?? null;
  // Whom the wallet screens show this wallet to (wallets.service walletReach): the same here.
  const seesWallet =
    actor.scope.kind === 'all'
      ? hasPermission(actor.authScopes, 'wallet') || hasPermission(actor.authScopes, 'all-wallet')
      : hasPermission(actor.authScopes, 'wallet') &&
        (organizationId === actor.organizationId || hasPermission(actor.authScopes, 'wallet', 'childWallets'));
  return {
    offered,
    enough: price !== null && available >= price,
    price: seesWallet ? price : null,
    available: seesWallet ? available : null,
  };
}

/** The diagnosis of a SIM; with `refresh`, its operators are asked again first (Refresh). */
export async function getSimDiagnosis(
  deps: TDeps,
  ctx: TRequestContext,
  q: TSimDiagnosisQuery,
  options: { refresh?: boolean } = {},
): Promise<TSimDiagnosis> {
  const sim = await findDiagnosedSim(deps, ctx, q);
  const unanswered = options.refresh ? await refreshStates(deps, sim) : [];

  const actor = requireActor(ctx);
  const now = new Date();
  // The SIM's plan, read once for the allowance and the renewal.
  const plan = sim.planId ? await findPlanRow(deps.db, sim.planId) : null;
  const [states, tasks, ip, numbers, allowance, through, renewal] = await Promise.all([
    deps.db.execute<{ iccid: string; state: TNetworkState }>(sql`SELECT iccid, state FROM sim_network_states WHERE sim_id = ${sim.id}`),
    deps.db.execute<{ batch_job_id: string; request_id: string; type: string; status: string }>(sql`
      SELECT DISTINCT ON (b.id) b.batch_job_id, b.request_id, b.type, t.status
      FROM job_tasks t JOIN batch_jobs b ON b.id = t.job_id
      WHERE t.sim_id = ${sim.id} AND t.status = ANY(${sql.param(ACTIVE_TASKS)}::text[])
      ORDER BY b.id, t.id`),
    listSimWhitelists(deps, ctx, 'IP', { page: 1, limit: 20, simId: sim.id }),
    listSimWhitelists(deps, ctx, 'NUMBER', { page: 1, limit: 20, simId: sim.id }),
    usageAllowance(deps.db, sim, plan, now),
    ingestedThrough(deps.db),
    renewalOf(deps, actor, sim, plan),
  ]);
  const network = new Map(states.rows.map((r) => [r.iccid, r.state]));
  const openTasks: TOpenTask[] = tasks.rows.map((t) => ({
    batchJobId: t.batch_job_id,
    requestId: t.request_id,
    type: t.type,
    status: t.status,
  }));
  const whitelists: Record<'IP' | 'NUMBER', TSimWhitelist[]> = { IP: ip.rows, NUMBER: numbers.rows };
  const checks = diagnose({ sim, network, whitelists, openTasks, allowance, ingestedThrough: through, renewal, now });
  return {
    sim: { id: sim.id, iccid: sim.iccid, status: sim.status, organization: sim.organization },
    profiles: [sim.primary, ...sim.provisioned].map((p) => ({
      iccid: p.ICCID,
      operator: p.operator,
      network: network.get(p.ICCID) ?? null,
    })),
    checks,
    failing: checks.filter((c) => c.outcome === 'FAIL').length,
    warning: checks.filter((c) => c.outcome === 'WARN').length,
    unanswered,
  };
}

/**
 * The SIM's state sent to its operators again (the fix of a provisioning mismatch): a SYNC_STATE request, one task per
 * profile, asking each operator to RESUME, SUSPEND or TERMINATE as the SIM's status says. A SIM whose status names no
 * such operation (in stock, allocated, a change under way) is a 422 naming the field it was given.
 */
export async function syncSimState(deps: TDeps, ctx: TRequestContext, q: TSimDiagnosisQuery, idempotencyKey: string | null) {
  const sim = await findDiagnosedSim(deps, ctx, q);
  const operation = STATE_SYNC_OPERATION[sim.status];
  if (!operation) {
    const field = q.iccid ? 'iccid' : q.msisdn ? 'msisdn' : 'imsi';
    throw fieldError('UNPROCESSABLE', field, `The SIM is ${sim.status}: there is no state to send to its operators`);
  }
  const { created } = await createRequest(
    deps,
    ctx,
    { type: 'SYNC_STATE', iccids: [sim.iccid], reason: `The operators asked to hold the SIM ${sim.status} (${operation})` },
    idempotencyKey,
    { perProfile: true, params: { operation, forStatus: sim.status }, fingerprintExtra: { operation, forStatus: sim.status } },
  );
  return created!;
}

/** Staff tell the simulated operator what SIMs do on its network (to see each diagnosis outcome). */
export async function setNetworkCondition(deps: TDeps, operator: string, body: TNetworkConditionSet): Promise<{ changed: number }> {
  const settings = await getGatewaySettings(deps.db, operator);
  if (settings.adapter !== 'simulator') throw new AppError('CONFLICT', `${operator} is not simulated: its network cannot be told anything`);
  const { rows } = await deps.db.execute<{ n: number }>(sql`
    WITH known AS (SELECT iccid FROM sim_profiles WHERE iccid = ANY(${sql.param(body.iccids)}::text[]) AND operator = ${operator}),
    ins AS (
      INSERT INTO simulator_network_conditions (operator, iccid, condition)
      SELECT ${operator}, iccid, ${body.condition} FROM known
      ON CONFLICT (operator, iccid) DO UPDATE SET condition = EXCLUDED.condition, set_at = now()
      RETURNING 1)
    SELECT count(*)::int AS n FROM ins`);
  return { changed: rows[0]?.n ?? 0 };
}
