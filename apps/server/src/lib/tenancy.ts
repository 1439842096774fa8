import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../db/database';
import { AppError } from '../http/app-error';
import type { TTenantScope } from '../http/request-context';
import { organizations } from '../modules/organizations/organizations.table';
import { escapeLike } from './list-query';

/**
 * Tenancy, in one place. Every query on tenant-owned rows takes the caller's scope and filters by
 * it here; an object outside the scope is reported as not found (404), never as forbidden.
 */

/** A path prefix as a LIKE pattern: ids are hex, but paths are compared by prefix and must stay literal. */
function likePrefix(path: string): string {
  return `${escapeLike(path)}%`;
}

/** SQL condition: `column` names an organisation inside the scope. Undefined when the scope is everything. */
export function inScope(scope: TTenantScope, organizationIdColumn: AnyColumn | SQL): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return sql`${organizationIdColumn} IN (SELECT ${organizations.id} FROM ${organizations} WHERE ${organizations.path} LIKE ${likePrefix(scope.path)})`;
}

/** SQL condition on the organisations table itself. */
export function organizationInScope(scope: TTenantScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return sql`${organizations.path} LIKE ${likePrefix(scope.path)}`;
}

export function pathInScope(scope: TTenantScope, path: string): boolean {
  return scope.kind === 'all' || path.startsWith(scope.path);
}

/** Throws 404 unless the organisation exists and is inside the scope. Returns its path. */
export async function assertOrganizationInScope(
  db: TExecutor,
  scope: TTenantScope,
  organizationId: string,
  what = 'Organisation',
): Promise<string> {
  const [row] = await db.select({ path: organizations.path }).from(organizations).where(sql`${organizations.id} = ${organizationId}`);
  if (!row || !pathInScope(scope, row.path)) throw new AppError('NOT_FOUND', `${what} not found`);
  return row.path;
}
