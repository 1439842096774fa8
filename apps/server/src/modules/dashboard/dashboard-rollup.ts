import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../app-deps';
import type { TDb } from '../../db/database';

/** How often the server folds the dashboards' deltas into their counts (a read sums what is still pending). */
const ROLLUP_EVERY_MS = 5000;
/** Advisory lock key of the roll-up: one at a time across processes (another would only wait on the same rows). */
const ROLLUP_LOCK = 340_034;

/**
 * Moves every committed delta into `dashboard_counts` in one transaction (docs/decisions/034): a read sees each delta
 * either pending or counted, never both and never neither. Deltas of writers still open are not visible, so they
 * stay for the next pass. Returns the deltas folded, or null when another pass holds the lock.
 */
export async function rollUpDashboard(db: TDb): Promise<number | null> {
  return db.transaction(async (tx) => {
    const { rows: lock } = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${ROLLUP_LOCK}) AS ok`);
    if (!lock[0]?.ok) return null;
    const { rows } = await tx.execute<{ folded: string }>(sql`
      WITH moved AS (DELETE FROM dashboard_deltas RETURNING metric, organization_id, k1, k2, day, n),
      folded AS (
        INSERT INTO dashboard_counts AS c (metric, organization_id, k1, k2, day, n)
        SELECT metric, organization_id, k1, k2, day, sum(n) FROM moved GROUP BY 1, 2, 3, 4, 5
        ON CONFLICT ON CONSTRAINT dashboard_counts_key DO UPDATE SET n = c.n + EXCLUDED.n
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM moved) AS folded, (SELECT count(*) FROM folded) AS groups`);
    await tx.execute(sql`DELETE FROM dashboard_counts WHERE n = 0`);
    return Number(rows[0]?.folded ?? 0);
  });
}

/** Runs the roll-up at start and every few seconds while the server runs. */
export function startDashboardRollup(app: FastifyInstance, deps: TDeps): void {
  let running: Promise<void> | null = null;
  const roll = () => {
    running ??= (async () => {
      try {
        await rollUpDashboard(deps.db);
      } catch (error) {
        deps.logger.warn({ err: error }, 'dashboard roll-up failed; tried again shortly');
      } finally {
        running = null;
      }
    })();
  };
  app.addHook('onReady', async () => roll());
  const timer = setInterval(roll, ROLLUP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
