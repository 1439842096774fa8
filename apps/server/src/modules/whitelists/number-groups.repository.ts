import type { TNumberGroup, TNumberGroupListQuery, TWhitelistNumber } from '@tarang/shared/whitelists/whitelist.schemas';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { containsPattern, listQueryConditions, orderByFromSort, readPage, type TPageQuery } from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';
import { organizations } from '../organizations/organizations.table';
import { numberGroupNumbers, numberGroups } from './whitelists.table';

type TNumberGroupRow = typeof numberGroups.$inferSelect;
type TNumberGroupView = { group: TNumberGroupRow; tradeName: string; numbersCount: number };

const actorOf = (id: string | null, label: string | null) => (id === null && label === null ? null : { id, label: label ?? '' });

export function toNumberGroup({ group: g, tradeName, numbersCount }: TNumberGroupView): TNumberGroup {
  return {
    id: g.id,
    organizationId: g.organizationId,
    organization: { id: g.organizationId, tradeName },
    name: g.name,
    description: g.description,
    numbersCount: Number(numbersCount),
    createdBy: actorOf(g.createdBy, g.createdByLabel),
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

const numbersCount = sql<number>`(SELECT count(*)::int FROM number_group_numbers n WHERE n.group_id = ${numberGroups.id})`;

function groupsFrom(db: TExecutor) {
  return db
    .select({ group: numberGroups, tradeName: organizations.tradeName, numbersCount })
    .from(numberGroups)
    .innerJoin(organizations, eq(organizations.id, numberGroups.organizationId));
}

export async function findNumberGroup(db: TExecutor, scope: TTenantScope, id: string, lock = false): Promise<TNumberGroupView | null> {
  const query = groupsFrom(db).where(and(eq(numberGroups.id, id), inScope(scope, numberGroups.organizationId)));
  const [row] = lock ? await query.for('update', { of: numberGroups }) : await query;
  return row ?? null;
}

const sortable = {
  name: numberGroups.name,
  tradeName: organizations.tradeName,
  numbersCount,
  createdAt: numberGroups.createdAt,
  updatedAt: numberGroups.updatedAt,
};

export async function listNumberGroups(db: TExecutor, scope: TTenantScope, q: TNumberGroupListQuery) {
  const where = and(
    inScope(scope, numberGroups.organizationId),
    ...listQueryConditions(q, numberGroups.id, [numberGroups.name, organizations.tradeName]),
    q.organizationId ? eq(numberGroups.organizationId, q.organizationId) : undefined,
  );
  const page = await readPage(
    q,
    groupsFrom(db)
      .where(where)
      .orderBy(...orderByFromSort(q.sort, sortable, '-updatedAt', numberGroups.id)),
    db.select({ n: count() }).from(numberGroups).innerJoin(organizations, eq(organizations.id, numberGroups.organizationId)).where(where),
  );
  return { rows: page.rows.map(toNumberGroup), meta: page.meta };
}

export async function listGroupNumbers(db: TExecutor, groupId: string, q: TPageQuery & { search?: string }) {
  const digits = q.search?.replace(/\D/g, '');
  const where = and(
    eq(numberGroupNumbers.groupId, groupId),
    digits ? sql`${numberGroupNumbers.number} LIKE ${containsPattern(digits)}` : undefined,
  );
  const page = await readPage(
    q,
    db.select().from(numberGroupNumbers).where(where).orderBy(asc(numberGroupNumbers.number)),
    db.select({ n: count() }).from(numberGroupNumbers).where(where),
  );
  return {
    rows: page.rows.map(
      (r): TWhitelistNumber => ({
        number: r.number,
        createdBy: actorOf(r.createdBy, r.createdByLabel),
        createdAt: r.createdAt.toISOString(),
      }),
    ),
    meta: page.meta,
  };
}

/** Adds the numbers not already in the group; returns how many were added. */
export async function insertGroupNumbers(
  db: TExecutor,
  groupId: string,
  numbers: string[],
  by: { id: string | null; label: string },
): Promise<number> {
  if (!numbers.length) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`
    WITH added AS (
      INSERT INTO number_group_numbers (group_id, number, created_by, created_by_label)
      SELECT ${groupId}, n, ${by.id}, ${by.label} FROM unnest(${sql.param(numbers)}::text[]) AS n
      ON CONFLICT DO NOTHING RETURNING 1)
    SELECT count(*)::int AS n FROM added`);
  return rows[0]!.n;
}
