import { isBuiltInOnly } from '@tarang/shared/modules/module-catalogue';
import { isScopeSubset, type TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import type { TRoleCreate, TRoleUpdate } from '@tarang/shared/roles/role.schemas';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { violatedConstraint } from '../../db/errors';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { findOrganization } from '../organizations/organizations.repository';
import {
  deleteRoleRow,
  findRole,
  findRoleByName,
  insertRole,
  listRoles,
  type TRoleListFilter,
  toRole,
  updateRoleRow,
} from './roles.repository';

const NOT_FOUND = 'Role not found';

/** Modules only the built-in Super Admin role holds (the outbox) are given to no role made or changed here. */
function assertNoBuiltInOnly(scopes: TAuthScopes, field: string) {
  for (const [moduleId, scope] of Object.entries(scopes)) {
    if (isBuiltInOnly(moduleId) && (scope.allowed || Object.values(scope.actions).some(Boolean))) {
      throw fieldError('FORBIDDEN', `${field}.${moduleId}`, 'Only the built-in Super Admin role holds this permission');
    }
  }
}

/** A role may grant only what its author holds: nobody hands out rights they do not have. */
export function assertGrantable(actor: TActor, scopes: TAuthScopes, field: string) {
  if (!isScopeSubset(scopes, actor.authScopes)) throw fieldError('FORBIDDEN', field, 'You cannot grant permissions you do not hold');
}

export async function getRoles(deps: TDeps, ctx: TRequestContext, filter: TRoleListFilter) {
  return await listRoles(deps.db, requireActor(ctx).scope, filter);
}

/** Any signed-in user may read their own role (the console loads it after sign-in); others need the Role module. */
export async function getRole(deps: TDeps, ctx: TRequestContext, id: string, canReadRoles: boolean) {
  const actor = requireActor(ctx);
  if (!canReadRoles && id !== actor.roleId) throw new AppError('FORBIDDEN');
  // One's own role is readable wherever it is defined; its holders are counted only where the caller can see them.
  const scope = id === actor.roleId ? ({ kind: 'all' } as const) : actor.scope;
  const found = await findRole(deps.db, scope, id, actor.scope);
  if (!found) throw notFound(NOT_FOUND);
  return toRole(found.role, found.users);
}

const nameTaken = () => fieldError('CONFLICT', 'name', 'A role with this name already exists');

async function assertNameFree(db: TExecutor, organizationId: string | null, name: string, exceptId?: string) {
  const clash = await findRoleByName(db, organizationId, name);
  if (clash && clash.id !== exceptId) throw nameTaken();
}

/** Maps a race on the unique (organisation, name) index to the same 409 as the check before it. */
function duplicateNameError(error: unknown): unknown {
  if (violatedConstraint(error, '23505') === 'roles_org_name_uq') return nameTaken();
  return error;
}

export async function createRole(deps: TDeps, ctx: TRequestContext, body: TRoleCreate) {
  const actor = requireActor(ctx);
  // Organisation users create roles for their own subtree only; staff may also create platform roles.
  const organizationId = body.organizationId ?? actor.organizationId;
  if (body.kind === 'STAFF' && actor.scope.kind !== 'all') throw fieldError('FORBIDDEN', 'kind', 'Only staff can create staff roles');
  if (body.kind === 'STAFF' && organizationId) {
    throw fieldError('VALIDATION_FAILED', 'kind', 'A role owned by an organisation cannot be a staff role');
  }
  if (organizationId) {
    const found = await findOrganization(deps.db, actor.scope, organizationId);
    if (!found) throw fieldError('NOT_FOUND', 'organizationId', 'Organisation not found');
  }
  assertNoBuiltInOnly(body.authScopes, 'authScopes');
  assertGrantable(actor, body.authScopes, 'authScopes');
  await assertNameFree(deps.db, organizationId, body.name);
  return await deps.db
    .transaction(async (tx) => {
      const row = await insertRole(tx, {
        name: body.name,
        description: body.description ?? null,
        organizationId,
        kind: body.kind,
        authScopes: body.authScopes,
      });
      const created = toRole(row, 0);
      await recordAudit(tx, ctx, { action: 'role.create', entityType: 'role', entityId: row.id, organizationId, after: created });
      return created;
    })
    .catch((error) => {
      throw duplicateNameError(error);
    });
}

/**
 * Roles an actor may change: inside their reach, platform roles only for staff, never a built-in role,
 * never their own, and never one that grants more than they hold.
 */
async function getEditable(deps: TDeps, actor: TActor, id: string) {
  const found = await findRole(deps.db, actor.scope, id);
  if (!found) throw notFound(NOT_FOUND);
  const role = found.role;
  if (role.organizationId === null && actor.scope.kind !== 'all') throw new AppError('FORBIDDEN', 'Platform roles are managed by staff');
  if (role.system) throw new AppError('FORBIDDEN', 'Built-in roles cannot be changed');
  if (id === actor.roleId) throw new AppError('FORBIDDEN', 'You cannot change your own role');
  if (!isScopeSubset(role.authScopes, actor.authScopes)) throw new AppError('FORBIDDEN', 'This role grants permissions you do not hold');
  return { role, usersCount: found.users };
}

export async function updateRole(deps: TDeps, ctx: TRequestContext, id: string, body: TRoleUpdate) {
  const actor = requireActor(ctx);
  const { role: current, usersCount } = await getEditable(deps, actor, id);
  if (body.authScopes) {
    assertNoBuiltInOnly(body.authScopes, 'authScopes');
    assertGrantable(actor, body.authScopes, 'authScopes');
  }
  if (body.name) await assertNameFree(deps.db, current.organizationId, body.name, id);
  const values = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.authScopes !== undefined ? { authScopes: body.authScopes } : {}),
  };
  if (Object.keys(values).length === 0) return toRole(current, usersCount);
  return await deps.db
    .transaction(async (tx) => {
      const row = await updateRoleRow(tx, id, values);
      const updated = toRole(row!, usersCount);
      await recordAudit(tx, ctx, {
        action: 'role.update',
        entityType: 'role',
        entityId: id,
        organizationId: current.organizationId,
        before: toRole(current),
        after: updated,
      });
      return updated;
    })
    .catch((error) => {
      throw duplicateNameError(error);
    });
}

export async function deleteRole(deps: TDeps, ctx: TRequestContext, id: string) {
  const actor = requireActor(ctx);
  const { role: current, usersCount } = await getEditable(deps, actor, id);
  const heldBy = () => new AppError('CONFLICT', `This role is held by ${usersCount || 'some'} users; give them another role first`);
  if (usersCount > 0) throw heldBy();
  await deps.db
    .transaction(async (tx) => {
      await deleteRoleRow(tx, id);
      await recordAudit(tx, ctx, {
        action: 'role.delete',
        entityType: 'role',
        entityId: id,
        organizationId: current.organizationId,
        before: toRole(current),
      });
    })
    .catch((error) => {
      // A user was given the role meanwhile.
      if (violatedConstraint(error, '23503') !== null) throw heldBy();
      throw error;
    });
}
