import type { TActivation, TActivationListQuery } from '@tarang/shared/activations/activation.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { isoText, newestFirst, readKeysetPage, withinDates } from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';

type TRow = {
  id: string;
  organization_id: string;
  trade_name: string;
  blueprint_id: string;
  plan_id: string;
  plan_name: string;
  validity_days: number;
  price: string;
  sims_count: number;
  held: string;
  captured: string;
  released: string;
  hold_status: TActivation['holdStatus'];
  status: TActivation['status'];
  request_id: string;
  batch_job_id: string;
  job_id: string;
  succeeded: number;
  failed: number;
  cancelled: number;
  scheduled_at: Date | null;
  created_by: string | null;
  created_by_label: string | null;
  created_at: Date;
  at: string;
};

const SELECT = sql`
  SELECT a.id, a.organization_id, o.trade_name, a.blueprint_id, a.plan_id, p.name AS plan_name, a.validity_days, a.price,
    a.sims_count, h.amount AS held, h.captured, h.released, h.status AS hold_status, b.status, a.request_id, b.batch_job_id,
    a.job_id, c.succeeded, c.failed, c.cancelled, b.scheduled_at, a.created_by, u.label AS created_by_label, a.created_at,
    ${isoText('a.created_at')} AS at
  FROM activations a
  JOIN organizations o ON o.id = a.organization_id
  JOIN plans p ON p.id = a.plan_id
  JOIN wallet_holds h ON h.id = a.hold_id
  JOIN batch_jobs b ON b.id = a.job_id
  LEFT JOIN LATERAL (SELECT coalesce(sum(m.succeeded), 0)::int AS succeeded, coalesce(sum(m.failed), 0)::int AS failed,
    coalesce(sum(m.cancelled), 0)::int AS cancelled FROM mno_jobs m WHERE m.job_id = a.job_id) c ON true
  LEFT JOIN LATERAL (SELECT trim(coalesce(x.first_name, '') || ' ' || coalesce(x.last_name, '')) AS label FROM users x
    WHERE x.id = a.created_by) u ON true`;

function toActivation(r: TRow): TActivation {
  const held = Number(r.held);
  const captured = Number(r.captured);
  const released = Number(r.released);
  return {
    id: r.id,
    organizationId: r.organization_id,
    organization: { id: r.organization_id, tradeName: r.trade_name },
    blueprintId: r.blueprint_id,
    plan: { id: r.plan_id, name: r.plan_name, validityDays: r.validity_days },
    price: Number(r.price),
    simsCount: r.sims_count,
    amounts: { held, captured, released, remaining: held - captured - released },
    holdStatus: r.hold_status,
    status: r.status,
    request: { id: r.request_id, batchJobId: r.batch_job_id, jobId: r.job_id },
    counts: { succeeded: r.succeeded, failed: r.failed, cancelled: r.cancelled },
    scheduledAt: r.scheduled_at ? new Date(r.scheduled_at).toISOString() : null,
    createdBy: r.created_by ? { id: r.created_by, label: r.created_by_label ?? '' } : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function findActivation(
  db: TExecutor,
  scope: TTenantScope,
  by: { id: string } | { requestId: string },
): Promise<TActivation | null> {
  const match = 'id' in by ? sql`a.id = ${by.id}` : sql`a.request_id = ${by.requestId}`;
  const tenancy = inScope(scope, sql`a.organization_id`);
  const { rows } = await db.execute<TRow>(sql`${SELECT} WHERE ${match}${tenancy ? sql` AND ${tenancy}` : sql``}`);
  return rows[0] ? toActivation(rows[0]) : null;
}

const newest = newestFirst<TRow>(sql`a.created_at`, sql`a.id`, (row) => [row.at, row.id]);

export async function listActivations(db: TExecutor, scope: TTenantScope, q: TActivationListQuery) {
  const conditions: SQL[] = [];
  const tenancy = inScope(scope, sql`a.organization_id`);
  if (tenancy) conditions.push(tenancy);
  if (q.organizationId) conditions.push(sql`a.organization_id = ${q.organizationId}`);
  if (q.planId) conditions.push(sql`a.plan_id = ${q.planId}`);
  if (q.status) conditions.push(sql`b.status = ${q.status}`);
  conditions.push(...withinDates(sql`a.created_at`, q.from, q.to));
  const page = await readKeysetPage(newest, q, async ({ after, orderBy, limit }) => {
    const where = [...conditions, ...(after ? [after] : [])];
    const { rows } = await db.execute<TRow>(
      sql`${SELECT}${where.length ? sql` WHERE ${sql.join(where, sql` AND `)}` : sql``} ORDER BY ${orderBy} LIMIT ${limit}`,
    );
    return rows;
  });
  return { rows: page.rows.map(toActivation), meta: page.meta };
}
