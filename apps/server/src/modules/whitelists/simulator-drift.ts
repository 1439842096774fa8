import type { TOperator } from '@tarang/shared/sims/identifiers';
import type { TWhitelistDrift } from '@tarang/shared/whitelists/whitelist.schemas';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import { fieldError } from '../../http/app-error';
import type { TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { getGatewaySettings } from '../operators/operators.service';

/**
 * The simulated operator told to drift (issue 15): on the profiles named, or on a share of those it holds a whitelist
 * of the kind on, it loses the whitelist (LOSE) or drops its last entry or number (ALTER), as an operator's own
 * change would. Only a simulator gateway can be told so (422 naming the operator otherwise). Audited.
 */
export async function injectWhitelistDrift(deps: TDeps, ctx: TRequestContext, operator: TOperator, body: TWhitelistDrift) {
  const settings = await getGatewaySettings(deps.db, operator);
  if (settings.adapter !== 'simulator') {
    throw fieldError('UNPROCESSABLE', 'operator', `${operator} is not on the simulator: only the simulator can be told to drift`);
  }
  const pick = body.iccids ? sql`AND iccid = ANY(${sql.param(body.iccids)}::text[])` : sql`AND random() < ${body.share!}`;
  const changed = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ n: number }>(sql`
      WITH held AS (
        SELECT DISTINCT ON (iccid) iccid, items FROM simulator_whitelists
        WHERE operator = ${operator} AND kind = ${body.kind} AND effective_at <= now() AND NOT withdrawn
        ORDER BY iccid, seq DESC),
      chosen AS (SELECT iccid, items FROM held WHERE items IS NOT NULL AND jsonb_array_length(items) > 0 ${pick}),
      made AS (
        INSERT INTO simulator_whitelists (operator, iccid, kind, items)
        SELECT ${operator}, iccid, ${body.kind},
          CASE WHEN ${body.mode} = 'LOSE' THEN NULL ELSE items - (jsonb_array_length(items) - 1) END
        FROM chosen RETURNING 1)
      SELECT count(*)::int AS n FROM made`);
    const n = rows[0]!.n;
    await recordAudit(tx, ctx, {
      action: 'operator_gateway.whitelist_drift',
      entityType: 'operator_gateway',
      entityId: operator,
      after: { kind: body.kind, mode: body.mode, profiles: n, ...(body.share ? { share: body.share } : {}) },
    });
    return n;
  });
  return { changed };
}
