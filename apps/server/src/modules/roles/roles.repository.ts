import type { TRole } from '@tarang/shared/roles/role.schemas';
import { and, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { listQueryConditions, orderByFromSort, readPage, type TPageQuery } from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';
import { roles } from './roles.table';

type TRoleRow = typeof roles.$inferSelect;

export function toRole(row: TRoleRow, usersCount?: number): TRole {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    organizationId: row.organizationId,
    kind: row.kind,
    authScopes: row.authScopes,
    system: row.system,
    ...(usersCount !== undefined ? { usersCount } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Roles a caller can see: staff see all; an organisation user sees the platform's organisation roles
 * and the roles owned by organisations in their subtree.
 */
function rolesVisible(scope: TTenantScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return or(and(isNull(roles.organizationId), eq(roles.kind, 'ORGANIZATION')), inScope(scope, roles.organizationId));
}

/**
 * Correlated count of the holders the caller can see: a platform role is held in many organisations, and an
 * organisation user learns nothing about the users of others. The outer row is named in full (a bare "id" would be
 * the user's own id).
 */
function usersCount(scope: TTenantScope) {
  return sql<number>`(SELECT count(*)::int FROM users u WHERE u.role_id = "roles"."id"${
    scope.kind === 'all' ? sql`` : sql` AND ${inScope(scope, sql`u.organization_id`)}`
  })`;
}

/** A role visible in `scope`, with the number of its holders inside `countScope` (by default the same scope). */
export async function findRole(db: TExecutor, scope: TTenantScope, id: string, countScope: TTenantScope = scope) {
  const [row] = await db
    .select({ role: roles, users: usersCount(countScope) })
    .from(roles)
    .where(and(eq(roles.id, id), rolesVisible(scope)));
  return row ?? null;
}

export async function findRoleById(db: TExecutor, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}

export type TRoleListFilter = TPageQuery & { sort?: string; search?: string; _id?: string; organizationId?: string };
const sortable = { name: roles.name, createdAt: roles.createdAt };

export async function listRoles(db: TExecutor, scope: TTenantScope, f: TRoleListFilter) {
  const where = and(
    rolesVisible(scope),
    ...listQueryConditions(f, roles.id, [roles.name]),
    f.organizationId ? eq(roles.organizationId, f.organizationId) : undefined,
  );
  const { rows, meta } = await readPage(
    f,
    db
      .select({ role: roles, users: usersCount(scope) })
      .from(roles)
      .where(where)
      .orderBy(...orderByFromSort(f.sort, sortable, 'name', roles.id)),
    db.select({ n: count() }).from(roles).where(where),
  );
  return { rows: rows.map((r) => toRole(r.role, r.users)), meta };
}

export async function insertRole(db: TExecutor, values: typeof roles.$inferInsert) {
  const [row] = await db.insert(roles).values(values).returning();
  return row!;
}

export async function updateRoleRow(db: TExecutor, id: string, values: Partial<typeof roles.$inferInsert>) {
  const [row] = await db.update(roles).set(values).where(eq(roles.id, id)).returning();
  return row ?? null;
}

export async function deleteRoleRow(db: TExecutor, id: string) {
  await db.delete(roles).where(eq(roles.id, id));
}

export async function findRoleByName(db: TExecutor, organizationId: string | null, name: string) {
  const [row] = await db
    .select()
    .from(roles)
    .where(
      and(
        organizationId ? eq(roles.organizationId, organizationId) : isNull(roles.organizationId),
        sql`lower(${roles.name}) = lower(${name})`,
      ),
    );
  return row ?? null;
}
