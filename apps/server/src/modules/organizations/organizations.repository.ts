import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { and, count, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { listQueryConditions, orderByFromSort, readPage, type TPageQuery } from '../../lib/list-query';
import { organizationInScope } from '../../lib/tenancy';
import { organizations } from './organizations.table';

type TOrgRow = typeof organizations.$inferSelect;

export const DEFAULT_SETTINGS = { lowBalanceAlertPaise: null, defaultPlanId: null, apiAccess: false };

export function toOrganization(row: TOrgRow, childrenCount?: number): TOrganization {
  return {
    id: row.id,
    tradeName: row.tradeName,
    brandName: row.brandName,
    email: row.email,
    parentId: row.parentId,
    status: row.status,
    settings: { ...DEFAULT_SETTINGS, ...row.settings },
    ...(childrenCount !== undefined ? { childrenCount } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Correlated count of direct children. The outer row is named in full: drizzle writes a single-table query's columns
 * unqualified, and a bare "id" inside the subquery would mean the child's own id (the count was always 0).
 */
const childrenCount = sql<number>`(SELECT count(*)::int FROM organizations c WHERE c.parent_id = "organizations"."id")`;

export async function findOrganization(db: TExecutor, scope: TTenantScope, id: string) {
  const [row] = await db
    .select({ org: organizations, children: childrenCount })
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationInScope(scope)));
  return row ?? null;
}

export type TOrgListFilter = TPageQuery & { sort?: string; search?: string; _id?: string; parentId?: string };
const sortable = {
  tradeName: organizations.tradeName,
  brandName: organizations.brandName,
  createdAt: organizations.createdAt,
  path: organizations.path,
};

export async function listOrganizations(db: TExecutor, scope: TTenantScope, f: TOrgListFilter) {
  const where = and(
    organizationInScope(scope),
    ...listQueryConditions(f, organizations.id, [organizations.tradeName, organizations.brandName, organizations.email]),
    f.parentId ? eq(organizations.parentId, f.parentId) : undefined,
  );
  const { rows, meta } = await readPage(
    f,
    db
      .select({ org: organizations, children: childrenCount })
      .from(organizations)
      .where(where)
      .orderBy(...orderByFromSort(f.sort, sortable, 'tradeName', organizations.id)),
    db.select({ n: count() }).from(organizations).where(where),
  );
  return { rows: rows.map((r) => toOrganization(r.org, r.children)), meta };
}

export async function insertOrganization(db: TExecutor, values: typeof organizations.$inferInsert) {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

export async function updateOrganizationRow(db: TExecutor, id: string, values: Partial<typeof organizations.$inferInsert>) {
  const [row] = await db.update(organizations).set(values).where(eq(organizations.id, id)).returning();
  return row ?? null;
}

/** Moves a subtree: every path under `oldPath` is re-rooted at `newPath`. */
export async function rewriteSubtreePaths(db: TExecutor, oldPath: string, newPath: string) {
  await db.execute(sql`
    UPDATE organizations SET path = ${newPath} || substr(path, ${oldPath.length + 1})
    WHERE path LIKE ${`${oldPath}%`} AND path <> ${oldPath}`);
}

export async function countDependents(db: TExecutor, id: string) {
  const result = await db.execute<{ children: number; users: number; roles: number }>(sql`
    SELECT (SELECT count(*)::int FROM organizations WHERE parent_id = ${id}) AS children,
           (SELECT count(*)::int FROM users WHERE organization_id = ${id}) AS users,
           (SELECT count(*)::int FROM roles WHERE organization_id = ${id}) AS roles`);
  return result.rows[0]!;
}

export async function deleteOrganizationRow(db: TExecutor, id: string) {
  await db.delete(organizations).where(eq(organizations.id, id));
}

/**
 * SQL, for a query over `organizations`: true when the row or any of its ancestors is disabled.
 * The outer column is written fully qualified so the subquery cannot capture it; the ancestor ids are compared as
 * char(24), so the primary key finds them (compared as text, every organisation was read).
 */
export function chainDisabled() {
  return sql<boolean>`EXISTS (SELECT 1 FROM organizations anc WHERE anc.id = ANY(string_to_array(trim(both '/' from "organizations"."path"), '/')::char(24)[]) AND anc.status = 'DISABLED')`;
}

/** Whether an organisation and all its ancestors are active (a disabled reseller stops its customers too). */
export async function isOrganizationChainActive(db: TExecutor, id: string): Promise<boolean> {
  const [row] = await db.select({ disabled: chainDisabled() }).from(organizations).where(eq(organizations.id, id));
  return Boolean(row) && !row!.disabled;
}
