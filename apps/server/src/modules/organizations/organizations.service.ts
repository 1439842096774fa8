import { newId } from '@tarang/shared/common/ids';
import type { TOrganizationCreate, TOrganizationSettings, TOrganizationUpdate } from '@tarang/shared/organizations/organization.schemas';
import type { TDeps } from '../../app-deps';
import { violatedConstraint } from '../../db/errors';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { closeWallet } from '../wallets/ledger';
import {
  countDependents,
  DEFAULT_SETTINGS,
  deleteOrganizationRow,
  findOrganization,
  insertOrganization,
  listOrganizations,
  rewriteSubtreePaths,
  type TOrgListFilter,
  toOrganization,
  updateOrganizationRow,
} from './organizations.repository';

const NOT_FOUND = 'Organisation not found';

async function getInScope(deps: TDeps, ctx: TRequestContext, id: string) {
  const found = await findOrganization(deps.db, requireActor(ctx).scope, id);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

export async function getOrganizations(deps: TDeps, ctx: TRequestContext, filter: TOrgListFilter) {
  return await listOrganizations(deps.db, requireActor(ctx).scope, filter);
}

export async function getOrganization(deps: TDeps, ctx: TRequestContext, id: string) {
  const found = await getInScope(deps, ctx, id);
  return toOrganization(found.org, found.children);
}

/** The parent a new or moved organisation hangs under: inside the caller's reach (outside it: 404, as if it did not exist). */
async function resolveParent(deps: TDeps, ctx: TRequestContext, parentId: string | null | undefined) {
  const actor = requireActor(ctx);
  const wanted = parentId ?? actor.organizationId;
  if (!wanted) return null;
  const parent = await findOrganization(deps.db, actor.scope, wanted);
  if (!parent) throw fieldError('NOT_FOUND', 'parentId', 'Parent organisation not found');
  return parent.org;
}

export async function createOrganization(deps: TDeps, ctx: TRequestContext, body: TOrganizationCreate) {
  const parent = await resolveParent(deps, ctx, body.parentId);
  const id = newId();
  return await deps.db.transaction(async (tx) => {
    const row = await insertOrganization(tx, {
      id,
      tradeName: body.tradeName,
      brandName: body.brandName ?? null,
      email: body.email ?? null,
      parentId: parent?.id ?? null,
      path: `${parent?.path ?? '/'}${id}/`,
      settings: { ...DEFAULT_SETTINGS },
    });
    const created = toOrganization(row, 0);
    await recordAudit(tx, ctx, {
      action: 'organization.create',
      entityType: 'organization',
      entityId: id,
      organizationId: id,
      after: created,
    });
    return created;
  });
}

export async function updateOrganization(deps: TDeps, ctx: TRequestContext, id: string, body: TOrganizationUpdate) {
  const actor = requireActor(ctx);
  const current = (await getInScope(deps, ctx, id)).org;
  const moved = body.parentId !== undefined && body.parentId !== current.parentId;
  const statusChanged = body.status !== undefined && body.status !== current.status;
  if (actor.organizationId === id && (moved || statusChanged)) {
    throw new AppError('FORBIDDEN', 'You cannot move or disable your own organisation');
  }
  let path = current.path;
  let parentId = current.parentId;
  if (moved && body.parentId === null) {
    if (actor.scope.kind !== 'all') throw fieldError('FORBIDDEN', 'parentId', 'Only staff can make an organisation independent');
    path = `/${id}/`;
    parentId = null;
  } else if (moved) {
    const parent = (await resolveParent(deps, ctx, body.parentId))!;
    if (parent.path.startsWith(current.path)) {
      throw fieldError('VALIDATION_FAILED', 'parentId', 'An organisation cannot move under itself or its descendants');
    }
    path = `${parent.path}${id}/`;
    parentId = parent.id;
  }
  return await deps.db.transaction(async (tx) => {
    const row = await updateOrganizationRow(tx, id, {
      ...(body.tradeName !== undefined ? { tradeName: body.tradeName } : {}),
      ...(body.brandName !== undefined ? { brandName: body.brandName } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      parentId,
      path,
    });
    if (path !== current.path) await rewriteSubtreePaths(tx, current.path, path);
    const updated = toOrganization(row!);
    await recordAudit(tx, ctx, {
      action: 'organization.update',
      entityType: 'organization',
      entityId: id,
      organizationId: id,
      before: toOrganization(current),
      after: updated,
    });
    return updated;
  });
}

export async function deleteOrganization(deps: TDeps, ctx: TRequestContext, id: string) {
  const actor = requireActor(ctx);
  const current = (await getInScope(deps, ctx, id)).org;
  if (actor.organizationId === id) throw new AppError('FORBIDDEN', 'You cannot delete your own organisation');
  const dependents = await countDependents(deps.db, id);
  if (dependents.children || dependents.users || dependents.roles) {
    throw new AppError(
      'CONFLICT',
      `This organisation still has ${dependents.children} child organisations, ${dependents.users} users and ${dependents.roles} roles; move or delete them first`,
    );
  }
  await deps.db
    .transaction(async (tx) => {
      await closeWallet(tx, id);
      await deleteOrganizationRow(tx, id);
      await recordAudit(tx, ctx, {
        action: 'organization.delete',
        entityType: 'organization',
        entityId: id,
        organizationId: current.parentId,
        before: toOrganization(current),
      });
    })
    .catch((error) => {
      // Something else still points at it (a record another module keeps), or a user or child arrived meanwhile.
      if (violatedConstraint(error, '23503') !== null) {
        throw new AppError('CONFLICT', 'This organisation still has records that belong to it; move or delete them first');
      }
      throw error;
    });
}

export async function getOrganizationSettings(deps: TDeps, ctx: TRequestContext, id: string) {
  return toOrganization((await getInScope(deps, ctx, id)).org).settings;
}

export async function updateOrganizationSettings(deps: TDeps, ctx: TRequestContext, id: string, patch: Partial<TOrganizationSettings>) {
  const actor = requireActor(ctx);
  const current = (await getInScope(deps, ctx, id)).org;
  const before = toOrganization(current).settings;
  // API access is granted from above (staff or a parent organisation), never by an organisation to itself.
  if (actor.organizationId === id && patch.apiAccess !== undefined && patch.apiAccess !== before.apiAccess) {
    throw fieldError('FORBIDDEN', 'apiAccess', 'API access for your own organisation is granted by your provider');
  }
  const settings = { ...before, ...patch };
  return await deps.db.transaction(async (tx) => {
    await updateOrganizationRow(tx, id, { settings });
    await recordAudit(tx, ctx, {
      action: 'organization.settings_update',
      entityType: 'organization',
      entityId: id,
      organizationId: id,
      before,
      after: settings,
    });
    return settings;
  });
}
