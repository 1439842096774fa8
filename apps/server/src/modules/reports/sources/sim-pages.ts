import type { TSimFilter } from '@tarang/shared/sims/sim.schemas';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../../app-deps';
import type { TExecutor } from '../../../db/database';
import type { TActor } from '../../../http/request-context';
import { decodeCursor, listSimPage, type TSimRow } from '../../sims/sims.repository';
import { resolveFilter } from '../../sims/sims.service';

/**
 * The SIM-based reports read the SIM list's own pages (sims.repository.ts: its filters, reach and keyset orders, tuned
 * for ten million SIMs in decision 010), so a report finds exactly the SIMs the inventory screen finds.
 */
export async function readSimPage(
  deps: TDeps,
  actor: TActor,
  filter: TSimFilter,
  sort: string,
  page: { cursor?: string; limit: number },
): Promise<{ rows: TSimRow[]; nextCursor: string | null; plans: Map<string, string> }> {
  const resolved = await resolveFilter(deps, actor, filter);
  const cursor = page.cursor ? decodeCursor(page.cursor, sort) : null;
  const { rows, nextCursor } = await listSimPage(deps.db, actor.scope, resolved, sort, cursor, page.limit);
  return { rows, nextCursor, plans: await planNames(deps.db, rows) };
}

/** The names of the plans the SIMs of a page hold, in one read. */
async function planNames(db: TExecutor, rows: TSimRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.plan_id ? [r.plan_id] : [])))];
  if (!ids.length) return new Map();
  const { rows: plans } = await db.execute<{ id: string; name: string }>(
    sql`SELECT id, name FROM plans WHERE id = ANY(${sql.param(ids)}::char(24)[])`,
  );
  return new Map(plans.map((p) => [p.id, p.name]));
}
