import type { TUser } from '@tarang/shared/users/user.schemas';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { listQueryConditions, orderByFromSort, readPage, type TPageQuery } from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';
import { passwordResets, refreshTokens, sessions } from '../auth/auth.table';
import { organizations } from '../organizations/organizations.table';
import { roles } from '../roles/roles.table';
import { users } from './users.table';

const view = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
  email: users.email,
  phone: users.phone,
  status: users.status,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  roleId: roles.id,
  roleName: roles.name,
  orgId: organizations.id,
  orgTradeName: organizations.tradeName,
  orgBrandName: organizations.brandName,
  orgEmail: organizations.email,
};

type TViewRow = { [K in keyof typeof view]: unknown } & Record<string, unknown>;

function toUser(r: TViewRow): TUser {
  return {
    id: r.id as string,
    firstName: r.firstName as string,
    lastName: r.lastName as string,
    avatar: (r.avatar as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    status: r.status as TUser['status'],
    role: { id: r.roleId as string, name: r.roleName as string },
    organization: r.orgId
      ? {
          id: r.orgId as string,
          tradeName: r.orgTradeName as string,
          brandName: (r.orgBrandName as string | null) ?? null,
          email: (r.orgEmail as string | null) ?? null,
        }
      : null,
    createdAt: (r.createdAt as Date).toISOString(),
    updatedAt: (r.updatedAt as Date).toISOString(),
  };
}

function selectView(db: TExecutor) {
  return db
    .select(view)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId));
}

/** Staff users (organisation null) are visible only to staff. */
function userInScope(scope: TTenantScope): SQL | undefined {
  return inScope(scope, users.organizationId);
}

export async function findUserView(db: TExecutor, scope: TTenantScope, id: string): Promise<TUser | null> {
  const [row] = await selectView(db).where(and(eq(users.id, id), userInScope(scope)));
  return row ? toUser(row) : null;
}

export async function findUserForLogin(db: TExecutor, username: string) {
  const column = username.includes('@') ? users.email : users.phone;
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      status: users.status,
      organizationId: users.organizationId,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(eq(column, username));
  return row ?? null;
}

export async function findUserRecord(db: TExecutor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export type TUserListFilter = TPageQuery & {
  sort?: string;
  search?: string;
  _id?: string;
  organizationId?: string;
  status?: string;
};

const sortable = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  createdAt: users.createdAt,
  status: users.status,
};

export async function listUsers(db: TExecutor, scope: TTenantScope, f: TUserListFilter) {
  const where = and(
    userInScope(scope),
    ...listQueryConditions(f, users.id, [sql`${users.firstName} || ' ' || ${users.lastName}`, users.email, users.phone]),
    f.organizationId ? eq(users.organizationId, f.organizationId) : undefined,
    f.status ? eq(users.status, f.status as 'ACTIVE') : undefined,
  );
  const { rows, meta } = await readPage(
    f,
    selectView(db)
      .where(where)
      .orderBy(...orderByFromSort(f.sort, sortable, '-createdAt', users.id)),
    db.select({ n: count() }).from(users).where(where),
  );
  return { rows: rows.map(toUser), meta };
}

export async function insertUser(db: TExecutor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUserRow(db: TExecutor, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** Deletes a user with their sessions and reset challenges; the audit trail keeps the record of them. */
export async function deleteUserRow(db: TExecutor, id: string) {
  await db
    .delete(refreshTokens)
    .where(sql`${refreshTokens.sessionId} IN (SELECT ${sessions.id} FROM ${sessions} WHERE ${sessions.userId} = ${id})`);
  await db.delete(sessions).where(eq(sessions.userId, id));
  await db.delete(passwordResets).where(eq(passwordResets.userId, id));
  await db.delete(users).where(eq(users.id, id));
}

export async function countStaffUsers(db: TExecutor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(sql`${users.organizationId} IS NULL`);
  return row?.n ?? 0;
}
