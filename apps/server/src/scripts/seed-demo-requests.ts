import { fullAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../app-deps';
import type { TRequestContext, TTenantScope } from '../http/request-context';
import { getGatewaySettings, updateGatewaySettings } from '../modules/operators/operators.service';
import { createRequest } from '../modules/requests/request-create.service';
import { cancelRequest } from '../modules/requests/requests.service';
import { seedDemoSims } from './seed-demo';

/**
 * `npm run seed:demo` part two: a few requests in the states the request and job screens show — completed, partial
 * (one operator rejecting), waiting for staff at an operator's portal (manual), scheduled for tomorrow, and cancelled.
 * Made through the service as the first super-admin, and carried out by a worker started here. Skipped when any request
 * exists.
 */
export async function seedDemoRequests(deps: TDeps, log: (line: string) => void = () => {}): Promise<number> {
  const { rows: existing } = await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM requests`);
  if ((existing[0]?.n ?? 0) > 0) return 0;
  const { rows: admins } = await deps.db.execute<{ id: string; email: string }>(
    sql`SELECT id, coalesce(email, phone) AS email FROM users WHERE organization_id IS NULL ORDER BY created_at LIMIT 1`,
  );
  const admin = admins[0];
  if (!admin) throw new Error('Seed the first super-admin first');
  const scope: TTenantScope = { kind: 'all' };
  const ctx: TRequestContext = {
    actor: {
      type: 'USER',
      userId: admin.id,
      sessionId: '',
      label: admin.email,
      organizationId: null,
      roleId: '',
      roleName: 'Super Admin',
      authScopes: fullAuthScopes(),
      scope,
    },
    ip: null,
    userAgent: 'seed:demo',
    requestId: null,
  };
  /** About `n` SIMs in `status`, spread over the three operators, that no request has touched. */
  const pick = async (status: string, n: number) => {
    const { rows } = await deps.db.execute<{ primary_iccid: string }>(sql`SELECT primary_iccid FROM (
        SELECT s.primary_iccid, row_number() OVER (PARTITION BY p.operator ORDER BY s.primary_iccid) AS k
        FROM sims s JOIN sim_profiles p ON p.sim_id = s.id AND p.position = 0
        WHERE s.status = ${status} AND s.organization_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM job_tasks t WHERE t.sim_id = s.id)) x
      WHERE k <= ${Math.ceil(n / 3)} ORDER BY primary_iccid LIMIT ${n}`);
    return rows.map((r) => r.primary_iccid);
  };
  if ((await pick('ACTIVE', 40)).length < 40 || (await pick('SUSPENDED', 6)).length < 6 || (await pick('ALLOCATED', 6)).length < 6) {
    await seedDemoSims(deps.db.$client, 400);
  }

  const before = await Promise.all(['AIRTEL', 'BSNL', 'VI'].map((op) => getGatewaySettings(deps.db, op)));
  const make = async (body: Parameters<typeof createRequest>[2]) => {
    const { created } = await createRequest(deps, ctx, { proceedWithValid: true, ...body }, null);
    return created!.request;
  };
  await deps.worker.start();
  try {
    // PARTIAL: BSNL rejects while this one runs.
    await updateGatewaySettings(deps, ctx, 'BSNL', { failureRate: 1 });
    const made = [await make({ type: 'SUSPEND', iccids: await pick('ACTIVE', 10), reason: 'Fleet off the road for the monsoon' })];
    await waitUntilSettled(deps, made[0]!.jobId);
    await updateGatewaySettings(deps, ctx, 'BSNL', { failureRate: before[1]!.failureRate });
    // WAITING_OPERATOR: VI has no automatic gateway while this one runs, so its share waits for staff (Mark As Done).
    await updateGatewaySettings(deps, ctx, 'VI', { adapter: 'manual' });
    made.push(await make({ type: 'ACTIVATE', iccids: await pick('ALLOCATED', 6) }));
    await waitUntilSettled(deps, made[1]!.jobId, ['AIRTEL', 'BSNL']);
    await waitUntilManual(deps, made[1]!.jobId);
    await updateGatewaySettings(deps, ctx, 'VI', { adapter: before[2]!.adapter as 'simulator' | 'manual' });
    made.push(await make({ type: 'RESUME', iccids: await pick('SUSPENDED', 6), reason: 'Season restarts' }));
    made.push(await make({ type: 'SUSPEND', iccids: await pick('ACTIVE', 8) }));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    made.push(await make({ type: 'TERMINATE', iccids: await pick('ACTIVE', 4), reason: 'Contract ended', scheduledAt: tomorrow }));
    const toCancel = await make({ type: 'SUSPEND', iccids: await pick('ACTIVE', 3), scheduledAt: tomorrow });
    await cancelRequest(deps, ctx, toCancel.id, 'Raised by mistake');
    made.push(toCancel);
    await waitUntilSettled(deps, made[2]!.jobId);
    await waitUntilSettled(deps, made[3]!.jobId);
    log(`Demo requests: ${made.length} (${made.map((r) => r.batchJobId).join(', ')})`);
    return made.length;
  } finally {
    await deps.worker.stop();
  }
}

/** Waits until the MNO jobs of a batch job (optionally only some operators') have ended. */
async function waitUntilSettled(deps: TDeps, jobId: string, operators?: string[]) {
  for (let i = 0; i < 300; i++) {
    const { rows } = await deps.db.execute<{ open: number }>(sql`SELECT count(*)::int AS open FROM mno_jobs
      WHERE job_id = ${jobId} AND status NOT IN ('COMPLETED', 'PARTIAL', 'FAILED', 'CANCELLED')
        ${operators ? sql`AND operator = ANY(${sql.param(operators)}::text[])` : sql``}`);
    if ((rows[0]?.open ?? 0) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitUntilManual(deps: TDeps, jobId: string) {
  for (let i = 0; i < 300; i++) {
    const { rows } = await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM mno_jobs
      WHERE job_id = ${jobId} AND operator = 'VI' AND status NOT IN ('QUEUED', 'RUNNING')`);
    const { rows: any } = await deps.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mno_jobs WHERE job_id = ${jobId} AND operator = 'VI'`,
    );
    if ((any[0]?.n ?? 0) === 0 || (rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
