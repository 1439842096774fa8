import { newId } from '@tarang/shared/common/ids';
import { formatIpEntry, normaliseIpEntries, type TIpEntry, type TIpEntryInput } from '@tarang/shared/whitelists/ip-entries';
import type {
  TIpGroup,
  TIpGroupCreate,
  TIpGroupListQuery,
  TIpGroupSaved,
  TIpGroupUpdate,
} from '@tarang/shared/whitelists/whitelist.schemas';
import { eq, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { violatedConstraint } from '../../db/errors';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { largestWhitelistLimits } from '../operators/operators.service';
import { groupOwner } from './group-owner';
import { findIpGroup, listIpGroups, toIpGroup } from './ip-groups.repository';
import { refuseWhileUsed } from './sim-whitelists.service';
import { ipGroups } from './whitelists.table';

/**
 * IP groups (issue 15, docs/decisions/026-whitelisting.md). An organisation saves a group's destinations; they wait
 * for staff review (Approve Request, Reject Request with a reason the customer sees) before they can be applied to
 * SIMs, and a change to an approved group waits the same way while the approved entries stay applied. Staff may change
 * a group's status (ACTIVE ⇄ INACTIVE: an inactive group is not applied to more SIMs) and delete it.
 */

const GROUP_NOT_FOUND = 'IP group not found';
const nameTaken = () => fieldError('CONFLICT', 'name', 'An IP group with this name already exists in this organisation');

/** The destinations checked and merged, or a 422 naming each entry and field at fault. */
async function checkedEntries(db: TExecutor, inputs: TIpEntryInput[]): Promise<{ entries: TIpEntry[]; merged: TIpGroupSaved['merged'] }> {
  const { ipEntries } = await largestWhitelistLimits(db);
  const result = normaliseIpEntries(inputs, ipEntries);
  if (result.errors.length) {
    const first = result.errors[0]!;
    throw new AppError('UNPROCESSABLE', `${first.path}: ${first.message}`, { errors: result.errors });
  }
  return { entries: result.entries, merged: result.merged };
}

function auditView(group: TIpGroup) {
  return {
    name: group.name,
    status: group.status,
    reviewStatus: group.reviewStatus,
    reviewReason: group.reviewReason,
    entries: group.entries.map(formatIpEntry),
    proposedEntries: group.proposedEntries?.map(formatIpEntry) ?? null,
  };
}

async function read(db: TExecutor, actor: TActor, id: string, lock = false) {
  const found = await findIpGroup(db, actor.scope, id, lock);
  if (!found) throw notFound(GROUP_NOT_FOUND);
  return found;
}

export async function getIpGroups(deps: TDeps, ctx: TRequestContext, query: TIpGroupListQuery) {
  return await listIpGroups(deps.db, requireActor(ctx).scope, query);
}

export async function getIpGroup(deps: TDeps, ctx: TRequestContext, id: string): Promise<TIpGroup> {
  return toIpGroup(await read(deps.db, requireActor(ctx), id));
}

export async function createIpGroup(deps: TDeps, ctx: TRequestContext, body: TIpGroupCreate): Promise<TIpGroupSaved> {
  const actor = requireActor(ctx);
  try {
    return await deps.db.transaction(async (tx) => {
      const organizationId = await groupOwner(tx, actor, body.organizationId);
      const { entries, merged } = await checkedEntries(tx, body.entries);
      const id = newId();
      await tx.insert(ipGroups).values({
        id,
        organizationId,
        name: body.name,
        description: body.description ?? null,
        reviewStatus: 'PENDING',
        entries: [],
        proposedEntries: entries,
        createdBy: actor.userId,
        createdByLabel: actor.label,
      });
      const group = toIpGroup((await findIpGroup(tx, { kind: 'all' }, id))!);
      await recordAudit(tx, ctx, {
        action: 'ip_group.create',
        entityType: 'ip_group',
        entityId: id,
        organizationId,
        after: auditView(group),
      });
      return { group, merged };
    });
  } catch (error) {
    if (violatedConstraint(error, '23505') === 'ip_groups_org_name_idx') throw nameTaken();
    throw error;
  }
}

/** A new name or description applies now; new entries wait for review while the approved ones stay applied. */
export async function updateIpGroup(deps: TDeps, ctx: TRequestContext, id: string, body: TIpGroupUpdate): Promise<TIpGroupSaved> {
  const actor = requireActor(ctx);
  try {
    return await deps.db.transaction(async (tx) => {
      const before = toIpGroup(await read(tx, actor, id, true));
      const checked = body.entries ? await checkedEntries(tx, body.entries) : null;
      await tx
        .update(ipGroups)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description ?? null } : {}),
          ...(checked ? { proposedEntries: checked.entries, reviewStatus: 'PENDING' as const, reviewReason: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(ipGroups.id, id));
      const group = toIpGroup((await findIpGroup(tx, { kind: 'all' }, id))!);
      await recordAudit(tx, ctx, {
        action: 'ip_group.update',
        entityType: 'ip_group',
        entityId: id,
        organizationId: group.organizationId,
        before: auditView(before),
        after: auditView(group),
      });
      return { group, merged: checked?.merged ?? [] };
    });
  } catch (error) {
    if (violatedConstraint(error, '23505') === 'ip_groups_org_name_idx') throw nameTaken();
    throw error;
  }
}

/** Staff decide on the entries waiting for review: approved, they become the group's entries; rejected, with the reason. */
export async function reviewIpGroup(
  deps: TDeps,
  ctx: TRequestContext,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<TIpGroup> {
  const actor = requireActor(ctx);
  return await deps.db.transaction(async (tx) => {
    const found = await read(tx, actor, id, true);
    const before = toIpGroup(found);
    if (before.reviewStatus !== 'PENDING' || before.proposedEntries === null) {
      throw new AppError(
        'CONFLICT',
        before.reviewStatus === 'APPROVED' ? 'This IP group has no change waiting for review' : 'This IP group was already rejected',
      );
    }
    await tx
      .update(ipGroups)
      .set({
        ...(decision.approve
          ? { entries: before.proposedEntries, proposedEntries: null, reviewStatus: 'APPROVED' as const, reviewReason: null }
          : { reviewStatus: 'REJECTED' as const, reviewReason: decision.reason }),
        reviewedBy: actor.userId,
        reviewedByLabel: actor.label,
        reviewedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(ipGroups.id, id));
    const group = toIpGroup((await findIpGroup(tx, { kind: 'all' }, id))!);
    await recordAudit(tx, ctx, {
      action: decision.approve ? 'ip_group.approve' : 'ip_group.reject',
      entityType: 'ip_group',
      entityId: id,
      organizationId: group.organizationId,
      before: auditView(before),
      after: auditView(group),
    });
    return group;
  });
}

export async function changeIpGroupStatus(deps: TDeps, ctx: TRequestContext, id: string, status: TIpGroup['status']): Promise<TIpGroup> {
  const actor = requireActor(ctx);
  return await deps.db.transaction(async (tx) => {
    const before = toIpGroup(await read(tx, actor, id, true));
    await tx.update(ipGroups).set({ status, updatedAt: sql`now()` }).where(eq(ipGroups.id, id));
    const group = toIpGroup((await findIpGroup(tx, { kind: 'all' }, id))!);
    await recordAudit(tx, ctx, {
      action: 'ip_group.status',
      entityType: 'ip_group',
      entityId: id,
      organizationId: group.organizationId,
      before: { status: before.status },
      after: { status: group.status },
    });
    return group;
  });
}

export async function deleteIpGroup(deps: TDeps, ctx: TRequestContext, id: string): Promise<void> {
  const actor = requireActor(ctx);
  await deps.db.transaction(async (tx) => {
    const before = toIpGroup(await read(tx, actor, id, true));
    await refuseWhileUsed(tx, id, 'IP group');
    await tx.delete(ipGroups).where(eq(ipGroups.id, id));
    await recordAudit(tx, ctx, {
      action: 'ip_group.delete',
      entityType: 'ip_group',
      entityId: id,
      organizationId: before.organizationId,
      before: auditView(before),
    });
  });
}
