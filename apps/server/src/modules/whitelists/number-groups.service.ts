import { newId } from '@tarang/shared/common/ids';
import type {
  TNumberGroup,
  TNumberGroupCreate,
  TNumberGroupListQuery,
  TNumberGroupUpdate,
  TNumbersAdded,
} from '@tarang/shared/whitelists/whitelist.schemas';
import { normaliseWhitelistNumber } from '@tarang/shared/whitelists/whitelist-numbers';
import { and, eq, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { violatedConstraint } from '../../db/errors';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import type { TPageQuery } from '../../lib/list-query';
import { recordAudit } from '../audit/audit.service';
import { largestWhitelistLimits } from '../operators/operators.service';
import { groupOwner } from './group-owner';
import { findNumberGroup, insertGroupNumbers, listGroupNumbers, listNumberGroups, toNumberGroup } from './number-groups.repository';
import { refuseWhileUsed } from './sim-whitelists.service';
import { numberGroupNumbers, numberGroups } from './whitelists.table';

/**
 * Number groups (issue 15, docs/decisions/026-whitelisting.md): an organisation's named sets of numbers (+91 mobiles,
 * 13-digit M2M numbers). Add Number and Delete Number change them, each checked and audited; numbers are stored
 * normalised, so the same number typed two ways is one number.
 */

const GROUP_NOT_FOUND = 'Number group not found';
const nameTaken = () => fieldError('CONFLICT', 'name', 'A number group with this name already exists in this organisation');

async function read(db: TExecutor, actor: TActor, id: string, lock = false) {
  const found = await findNumberGroup(db, actor.scope, id, lock);
  if (!found) throw notFound(GROUP_NOT_FOUND);
  return found;
}

type TChecked = { numbers: string[]; rejected: TNumbersAdded['rejected'] };

/** Each number normalised; refused ones by their position (`row`: 1 for the first number sent, or a file's line). */
function checkNumbers(inputs: { row: number; value: string }[]): TChecked {
  const numbers: string[] = [];
  const rejected: TChecked['rejected'] = [];
  for (const { row, value } of inputs) {
    const result = normaliseWhitelistNumber(value);
    if ('error' in result) rejected.push({ row, value: value.slice(0, 40), message: result.error });
    else numbers.push(result.number);
  }
  return { numbers, rejected };
}

/** A list sent in JSON is all or nothing: any refused number is a 422 naming it (`numbers.<index>`). */
function checkedList(values: string[]): string[] {
  const { numbers, rejected } = checkNumbers(values.map((value, i) => ({ row: i + 1, value })));
  if (rejected.length) {
    const errors = rejected.map((r) => ({ path: `numbers.${r.row - 1}`, message: `${r.message} (${r.value})` }));
    throw new AppError('UNPROCESSABLE', `${errors[0]!.path}: ${errors[0]!.message}`, { errors });
  }
  return numbers;
}

/** Adds numbers to a locked group, refusing to go past the largest operator limit. */
async function addNumbers(tx: TExecutor, actor: TActor, groupId: string, numbers: string[], field: string) {
  const added = await insertGroupNumbers(tx, groupId, numbers, { id: actor.userId, label: actor.label });
  const { numbers: limit } = await largestWhitelistLimits(tx);
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(numberGroupNumbers).where(eq(numberGroupNumbers.groupId, groupId));
  if (row!.n > limit) {
    throw fieldError(
      'UNPROCESSABLE',
      field,
      `A number group holds at most ${limit} numbers (the operator limit); this would make ${row!.n}`,
    );
  }
  return added;
}

export async function getNumberGroups(deps: TDeps, ctx: TRequestContext, query: TNumberGroupListQuery) {
  return await listNumberGroups(deps.db, requireActor(ctx).scope, query);
}

export async function getNumberGroup(deps: TDeps, ctx: TRequestContext, id: string): Promise<TNumberGroup> {
  return toNumberGroup(await read(deps.db, requireActor(ctx), id));
}

export async function getGroupNumbers(deps: TDeps, ctx: TRequestContext, id: string, query: TPageQuery & { search?: string }) {
  await read(deps.db, requireActor(ctx), id);
  return await listGroupNumbers(deps.db, id, query);
}

export async function createNumberGroup(deps: TDeps, ctx: TRequestContext, body: TNumberGroupCreate): Promise<TNumberGroup> {
  const actor = requireActor(ctx);
  const numbers = checkedList(body.numbers ?? []);
  try {
    return await deps.db.transaction(async (tx) => {
      const organizationId = await groupOwner(tx, actor, body.organizationId);
      const id = newId();
      await tx.insert(numberGroups).values({
        id,
        organizationId,
        name: body.name,
        description: body.description ?? null,
        createdBy: actor.userId,
        createdByLabel: actor.label,
      });
      await addNumbers(tx, actor, id, numbers, 'numbers');
      const group = toNumberGroup((await findNumberGroup(tx, { kind: 'all' }, id))!);
      await recordAudit(tx, ctx, {
        action: 'number_group.create',
        entityType: 'number_group',
        entityId: id,
        organizationId,
        after: { name: group.name, description: group.description, numbers: [...new Set(numbers)] },
      });
      return group;
    });
  } catch (error) {
    if (violatedConstraint(error, '23505') === 'number_groups_org_name_idx') throw nameTaken();
    throw error;
  }
}

export async function updateNumberGroup(deps: TDeps, ctx: TRequestContext, id: string, body: TNumberGroupUpdate): Promise<TNumberGroup> {
  const actor = requireActor(ctx);
  try {
    return await deps.db.transaction(async (tx) => {
      const before = toNumberGroup(await read(tx, actor, id, true));
      await tx
        .update(numberGroups)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description ?? null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(numberGroups.id, id));
      const group = toNumberGroup((await findNumberGroup(tx, { kind: 'all' }, id))!);
      await recordAudit(tx, ctx, {
        action: 'number_group.update',
        entityType: 'number_group',
        entityId: id,
        organizationId: group.organizationId,
        before: { name: before.name, description: before.description },
        after: { name: group.name, description: group.description },
      });
      return group;
    });
  } catch (error) {
    if (violatedConstraint(error, '23505') === 'number_groups_org_name_idx') throw nameTaken();
    throw error;
  }
}

/** Add Number: a list of numbers, all checked first (any refused one is a 422 and nothing is added). */
export async function addGroupNumbers(deps: TDeps, ctx: TRequestContext, id: string, values: string[]): Promise<TNumbersAdded> {
  return await addCheckedNumbers(deps, ctx, id, checkedList(values));
}

/** What a file of numbers held: the numbers, the rows refused (the first ones) and how many were refused. */
export type TNumbersRead = { numbers: string[]; rejected: TNumbersAdded['rejected']; rejectedCount: number; fileName: string };

/**
 * Adds numbers already checked to a group the caller reaches: one transaction, audited, the group's limit kept. A
 * file's refused rows come along to be audited and answered.
 */
export async function addCheckedNumbers(
  deps: TDeps,
  ctx: TRequestContext,
  id: string,
  numbers: string[],
  file?: Omit<TNumbersRead, 'numbers'>,
): Promise<TNumbersAdded> {
  const actor = requireActor(ctx);
  return await deps.db.transaction(async (tx) => {
    await read(tx, actor, id, true);
    const added = await addNumbers(tx, actor, id, numbers, file ? 'file' : 'numbers');
    await tx.update(numberGroups).set({ updatedAt: sql`now()` }).where(eq(numberGroups.id, id));
    const group = toNumberGroup((await findNumberGroup(tx, { kind: 'all' }, id))!);
    const distinct = new Set(numbers).size;
    await recordAudit(tx, ctx, {
      action: 'number_group.add_numbers',
      entityType: 'number_group',
      entityId: id,
      organizationId: group.organizationId,
      after: {
        numbers: [...new Set(numbers)],
        added,
        alreadyThere: distinct - added,
        ...(file ? { fileName: file.fileName, rowsRefused: file.rejectedCount } : {}),
      },
    });
    return { added, alreadyThere: distinct - added, rejected: file?.rejected ?? [], rejectedCount: file?.rejectedCount ?? 0, group };
  });
}

/** Delete Number: the number as stored or as typed (normalised first); 404 when the group does not hold it. */
export async function deleteGroupNumber(deps: TDeps, ctx: TRequestContext, id: string, value: string): Promise<void> {
  const actor = requireActor(ctx);
  const normalised = normaliseWhitelistNumber(value);
  const number = 'number' in normalised ? normalised.number : value;
  await deps.db.transaction(async (tx) => {
    const group = toNumberGroup(await read(tx, actor, id, true));
    const removed = await tx
      .delete(numberGroupNumbers)
      .where(and(eq(numberGroupNumbers.groupId, id), eq(numberGroupNumbers.number, number)))
      .returning({ number: numberGroupNumbers.number });
    if (!removed.length) throw notFound('This number is not in the group');
    await tx.update(numberGroups).set({ updatedAt: sql`now()` }).where(eq(numberGroups.id, id));
    await recordAudit(tx, ctx, {
      action: 'number_group.delete_number',
      entityType: 'number_group',
      entityId: id,
      organizationId: group.organizationId,
      before: { number },
    });
  });
}

export async function deleteNumberGroup(deps: TDeps, ctx: TRequestContext, id: string): Promise<void> {
  const actor = requireActor(ctx);
  await deps.db.transaction(async (tx) => {
    const group = toNumberGroup(await read(tx, actor, id, true));
    await refuseWhileUsed(tx, id, 'number group');
    await tx.delete(numberGroups).where(eq(numberGroups.id, id));
    await recordAudit(tx, ctx, {
      action: 'number_group.delete',
      entityType: 'number_group',
      entityId: id,
      organizationId: group.organizationId,
      before: { name: group.name, numbersCount: group.numbersCount },
    });
  });
}
