import { DEVICE_GATEWAY } from '@tarang/shared/requests/request.constants';
import type { TGatewaySettings, ZGatewaySettingsUpdate } from '@tarang/shared/requests/request.schemas';
import { OPERATORS, type TOperator } from '@tarang/shared/sims/identifiers';
import { WHITELIST_DEFAULT_LIMITS } from '@tarang/shared/whitelists/whitelist.schemas';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import type { TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { operatorGateways } from './operators.table';

type TRow = typeof operatorGateways.$inferSelect;

function toSettings(row: TRow): TGatewaySettings {
  return {
    operator: row.operator as TOperator,
    adapter: row.adapter,
    batchSize: row.batchSize,
    ratePerSecond: row.ratePerSecond,
    timeoutMs: row.timeoutMs,
    maxAttempts: row.maxAttempts,
    latencyMs: row.latencyMs,
    processingMs: row.processingMs,
    failureRate: row.failureRate,
    transientFailureRate: row.transientFailureRate,
    outage: row.outage,
    whitelistIpLimit: row.whitelistIpLimit,
    whitelistNumberLimit: row.whitelistNumberLimit,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every operator has a row; missing ones are made with the defaults on first read. */
async function ensureRows(db: TExecutor) {
  await db
    .insert(operatorGateways)
    .values([...OPERATORS, DEVICE_GATEWAY].map((operator) => ({ operator })))
    .onConflictDoNothing();
}

export async function getGatewaySettings(db: TExecutor, operator: string): Promise<TGatewaySettings> {
  let [row] = await db.select().from(operatorGateways).where(eq(operatorGateways.operator, operator));
  if (!row) {
    await ensureRows(db);
    [row] = await db.select().from(operatorGateways).where(eq(operatorGateways.operator, operator));
  }
  return toSettings(row!);
}

export async function listGatewaySettings(deps: TDeps): Promise<TGatewaySettings[]> {
  await ensureRows(deps.db);
  const rows = await deps.db.select().from(operatorGateways).orderBy(operatorGateways.operator);
  // The device-management gateway is not an operator: it is not listed with them.
  return rows.filter((r) => (OPERATORS as readonly string[]).includes(r.operator)).map(toSettings);
}

/** Staff change an operator's limits or the simulator's behaviour; running MNO jobs read them on their next step. */
export async function updateGatewaySettings(
  deps: TDeps,
  ctx: TRequestContext,
  operator: TOperator,
  body: z.infer<typeof ZGatewaySettingsUpdate>,
): Promise<TGatewaySettings> {
  return await deps.db.transaction(async (tx) => {
    const before = await getGatewaySettings(tx, operator);
    const [row] = await tx
      .update(operatorGateways)
      .set({ ...body, updatedAt: sql`now()` })
      .where(eq(operatorGateways.operator, operator))
      .returning();
    const after = toSettings(row!);
    await recordAudit(tx, ctx, {
      action: 'operator_gateway.update',
      entityType: 'operator_gateway',
      entityId: operator,
      before: { ...before, updatedAt: undefined },
      after: { ...after, updatedAt: undefined },
    });
    return after;
  });
}

/**
 * The largest whitelist limits of any operator: a group above them could be applied nowhere (issue 15). An operator
 * without a row yet has the defaults.
 */
export async function largestWhitelistLimits(db: TExecutor): Promise<{ ipEntries: number; numbers: number }> {
  const { rows } = await db.execute<{ ip: number | null; numbers: number | null; operators: number }>(sql`
    SELECT max(whitelist_ip_limit) AS ip, max(whitelist_number_limit) AS numbers, count(*)::int AS operators FROM operator_gateways`);
  const row = rows[0]!;
  const everyOperator = row.operators >= OPERATORS.length;
  return {
    ipEntries: Math.max(row.ip ?? 0, everyOperator ? 0 : WHITELIST_DEFAULT_LIMITS.ipEntries),
    numbers: Math.max(row.numbers ?? 0, everyOperator ? 0 : WHITELIST_DEFAULT_LIMITS.numbers),
  };
}
