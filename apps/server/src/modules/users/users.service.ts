import { newId } from '@tarang/shared/common/ids';
import { isScopeSubset } from '@tarang/shared/roles/auth-scopes';
import type { TUser, TUserCreate, TUserUpdate } from '@tarang/shared/users/user.schemas';
import { eq, or, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor } from '../../db/database';
import { violatedConstraint } from '../../db/errors';
import { AppError, fieldError, notFound } from '../../http/app-error';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { aboutUser, recordAudit } from '../audit/audit.service';
import { createPasswordLink } from '../auth/auth.service';
import { openSealedPasswords } from '../auth/login-keys';
import { assertAcceptablePassword, hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions.repository';
import { findOrganization } from '../organizations/organizations.repository';
import { organizations } from '../organizations/organizations.table';
import { findRole, findRoleById } from '../roles/roles.repository';
import { assertGrantable } from '../roles/roles.service';
import {
  deleteUserRow,
  findUserRecord,
  findUserView,
  insertUser,
  listUsers,
  type TUserListFilter,
  updateUserRow,
} from './users.repository';
import { users } from './users.table';

const NOT_FOUND = 'User not found';

export async function getUsers(deps: TDeps, ctx: TRequestContext, filter: TUserListFilter) {
  return await listUsers(deps.db, requireActor(ctx).scope, filter);
}

export async function getUser(deps: TDeps, ctx: TRequestContext, id: string) {
  const user = await findUserView(deps.db, requireActor(ctx).scope, id);
  if (!user) throw notFound(NOT_FOUND);
  return user;
}

type TPlacement = { id: string; path: string } | null;

/**
 * Where a user is placed: an organisation inside the caller's reach (outside it: 404, as if it did not exist),
 * or no organisation (a staff user), which only staff may choose. `undefined` means the caller's own organisation.
 */
async function resolveOrganization(deps: TDeps, actor: TActor, organizationId: string | null | undefined): Promise<TPlacement> {
  const wanted = organizationId === undefined ? actor.organizationId : organizationId;
  if (wanted === null) {
    if (actor.scope.kind !== 'all') throw fieldError('FORBIDDEN', 'organizationId', 'Only staff can manage staff users');
    return null;
  }
  const found = await findOrganization(deps.db, actor.scope, wanted);
  if (!found) throw fieldError('NOT_FOUND', 'organizationId', 'Organisation not found');
  return { id: found.org.id, path: found.org.path };
}

/**
 * A role fits a user when the caller can see it, its kind matches (STAFF for staff users, ORGANIZATION otherwise),
 * an organisation-owned role belongs to the user's organisation or an ancestor, and it grants nothing the caller lacks.
 */
async function resolveRole(deps: TDeps, actor: TActor, roleId: string, org: TPlacement) {
  const found = await findRole(deps.db, actor.scope, roleId);
  if (!found) throw fieldError('NOT_FOUND', 'role', 'Role not found');
  const role = found.role;
  if (org === null && role.kind !== 'STAFF') throw fieldError('VALIDATION_FAILED', 'role', 'Staff users need a staff role');
  if (org !== null && role.kind !== 'ORGANIZATION') {
    throw fieldError('VALIDATION_FAILED', 'role', 'Organisation users need an organisation role');
  }
  if (org !== null && role.organizationId && !org.path.includes(`/${role.organizationId}/`)) {
    throw fieldError('VALIDATION_FAILED', 'role', 'This role belongs to another organisation');
  }
  assertGrantable(actor, role.authScopes, 'role');
  return role;
}

/** Nobody manages a user who holds more than they do: changing that user's e-mail would hand over their rights. */
async function assertManageable(deps: TDeps, actor: TActor, user: TUser) {
  const role = await findRoleById(deps.db, user.role.id);
  if (role && !isScopeSubset(role.authScopes, actor.authScopes)) {
    throw new AppError('FORBIDDEN', 'This user holds permissions you do not hold');
  }
}

/** Maps a race on the unique e-mail and phone indexes to the same 409 as the check before it. */
function duplicateError(error: unknown): unknown {
  const constraint = violatedConstraint(error, '23505');
  if (constraint === 'users_email_uq') return fieldError('CONFLICT', 'email', 'This email is already in use');
  if (constraint === 'users_phone_uq') return fieldError('CONFLICT', 'phone', 'This phone number is already in use');
  return error;
}

async function assertUnique(db: TExecutor, email: string | null | undefined, phone: string | null | undefined, exceptId?: string) {
  if (!email && !phone) return;
  const rows = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(or(email ? eq(users.email, email) : sql`false`, phone ? eq(users.phone, phone) : sql`false`));
  for (const row of rows) {
    if (row.id === exceptId) continue;
    if (email && row.email === email) throw fieldError('CONFLICT', 'email', 'This email is already in use');
    if (phone && row.phone === phone) throw fieldError('CONFLICT', 'phone', 'This phone number is already in use');
  }
}

async function queueInvitation(
  deps: TDeps,
  db: TExecutor,
  user: { id: string; firstName: string; email: string | null; phone: string | null },
  template: 'invitation' | 'password-link',
) {
  const token = await createPasswordLink(deps, db, user.id);
  const link = `${deps.config.publicUrl}/auth/reset-password/${token}?link=1`;
  const body =
    template === 'invitation'
      ? `Hello ${user.firstName},\n\nYou have been invited to Tarang. Set your password here: ${link}\n\nThe link works once and expires in ${Math.round(deps.config.resetLinkTtlSeconds / 3600)} hours.`
      : `Hello ${user.firstName},\n\nSet a new Tarang password here: ${link}\n\nThe link works once and expires in ${Math.round(deps.config.resetLinkTtlSeconds / 3600)} hours.`;
  const channel = user.email ? 'EMAIL' : 'SMS';
  return await deps.messenger.enqueue(db, {
    channel,
    to: (user.email ?? user.phone)!,
    recipientUserId: user.id,
    subject: template === 'invitation' ? 'You are invited to Tarang' : 'Set your Tarang password',
    body,
    template,
  });
}

/** Who holds an e-mail address or phone number already, anywhere on the platform (at most two accounts). */
async function findAddressOwners(db: TExecutor, email: string | null | undefined, phone: string | null | undefined) {
  if (!email && !phone) return [];
  return await db
    .select({ id: users.id, firstName: users.firstName, email: users.email, phone: users.phone, organizationId: users.organizationId })
    .from(users)
    .where(or(email ? eq(users.email, email) : sql`false`, phone ? eq(users.phone, phone) : sql`false`));
}
type TAddressOwner = Awaited<ReturnType<typeof findAddressOwners>>[number];

/**
 * Someone tried to add a user with the address of an account the caller cannot see (docs/decisions/021-outbox.md):
 * the caller is answered as for a new address, nothing is created, and the account's owner is told by the address
 * that was given. The audit event belongs to the owner's organisation, so the caller does not see it either.
 */
async function tellAddressOwner(deps: TDeps, ctx: TRequestContext, owner: TAddressOwner, body: TUserCreate) {
  const actor = requireActor(ctx);
  const byEmail = Boolean(body.email && owner.email === body.email);
  const [org] = actor.organizationId
    ? await deps.db.select({ tradeName: organizations.tradeName }).from(organizations).where(eq(organizations.id, actor.organizationId))
    : [];
  const who = org ? `the organisation ${org.tradeName}` : 'the Tarang team';
  const messageId = await deps.db.transaction(async (tx) => {
    const mid = await deps.messenger.enqueue(tx, {
      channel: byEmail ? 'EMAIL' : 'SMS',
      to: (byEmail ? owner.email : owner.phone)!,
      recipientUserId: owner.id,
      subject: 'Someone tried to add your address to Tarang',
      body: `Hello ${owner.firstName},\n\nSomeone at ${who} tried to add a new Tarang user with this ${byEmail ? 'e-mail address' : 'phone number'}. You already have a Tarang account, so nothing was created and nothing about your account has changed.\n\nIf you expected this, tell them to ask your administrator; if not, you can ignore this message.`,
      template: 'address-in-use',
    });
    await recordAudit(tx, ctx, {
      action: 'user.create_address_in_use',
      ...aboutUser(owner),
      after: { field: byEmail ? 'email' : 'phone', requestedByOrganizationId: actor.organizationId, messageId: mid },
    });
    return mid;
  });
  deps.messenger.deliverLater(deps.db, [messageId]);
}

/**
 * POST /users. The answer is the same (202, no user in it) whether the user was created or the address already
 * belongs to an account the caller cannot see; only an address held by a user of the caller's own reach is a 409.
 */
export async function createUser(deps: TDeps, ctx: TRequestContext, body: TUserCreate): Promise<void> {
  const actor = requireActor(ctx);
  const org = await resolveOrganization(deps, actor, body.organizationId);
  await resolveRole(deps, actor, body.role, org);
  // The password is opened and hashed before the address is looked at, so both answers take as long.
  let passwordHash: string | null = null;
  if (body.password) {
    const { password } = await openSealedPasswords(deps.db, { password: body.password });
    assertAcceptablePassword(password, 'password', body);
    passwordHash = await hashPassword(password);
  }
  const clashWith = async (owners: TAddressOwner[]) => {
    // A user the caller can see anyway: say so plainly.
    for (const owner of owners) if (await findUserView(deps.db, actor.scope, owner.id)) await assertUnique(deps.db, body.email, body.phone);
    for (const owner of owners) await tellAddressOwner(deps, ctx, owner, body);
  };
  const owners = await findAddressOwners(deps.db, body.email, body.phone);
  if (owners.length) return await clashWith(owners);
  const id = newId();
  const messageIds: string[] = [];
  const created = await deps.db
    .transaction(async (tx) => {
      const row = await insertUser(tx, {
        id,
        firstName: body.firstName,
        lastName: body.lastName,
        avatar: body.avatar ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
        passwordHash,
        roleId: body.role,
        organizationId: org?.id ?? null,
        status: passwordHash ? 'ACTIVE' : 'INVITED',
      });
      if (!passwordHash) messageIds.push(await queueInvitation(deps, tx, row, 'invitation'));
      const view = (await findUserView(tx, { kind: 'all' }, id))!;
      await recordAudit(tx, ctx, { action: 'user.create', ...aboutUser(view), after: view });
      return true;
    })
    .catch(async (error) => {
      // Taken by a concurrent call meanwhile: answered as above.
      const raced = violatedConstraint(error, '23505') ? await findAddressOwners(deps.db, body.email, body.phone) : [];
      if (!raced.length) throw duplicateError(error);
      await clashWith(raced);
      return false;
    });
  if (created) deps.messenger.deliverLater(deps.db, messageIds);
}

export async function updateUser(deps: TDeps, ctx: TRequestContext, id: string, body: TUserUpdate) {
  const actor = requireActor(ctx);
  const before = await getUser(deps, ctx, id);
  const currentOrgId = before.organization?.id ?? null;
  const roleChanged = body.role !== undefined && body.role !== before.role.id;
  const orgChanged = body.organizationId !== undefined && body.organizationId !== currentOrgId;
  const statusChanged = body.status !== undefined && body.status !== before.status;
  if (id === actor.userId && (roleChanged || orgChanged || statusChanged)) {
    throw new AppError('FORBIDDEN', 'You cannot change your own role, status or organisation');
  }
  await assertManageable(deps, actor, before);
  if (roleChanged || orgChanged) {
    // The role (new or kept) must fit where the user ends up; moving between staff and an organisation needs a new one.
    const org = await resolveOrganization(deps, actor, orgChanged ? body.organizationId : currentOrgId);
    await resolveRole(deps, actor, body.role ?? before.role.id, org);
  }
  const email = body.email === undefined ? before.email : body.email;
  const phone = body.phone === undefined ? before.phone : body.phone;
  if (!email && !phone) throw fieldError('VALIDATION_FAILED', 'email', 'Give an email or a phone number');
  await assertUnique(deps.db, body.email, body.phone, id);

  const values = Object.fromEntries(
    Object.entries({
      firstName: body.firstName,
      lastName: body.lastName,
      avatar: body.avatar,
      email: body.email,
      phone: body.phone,
      roleId: body.role,
      organizationId: body.organizationId,
      status: body.status,
    }).filter(([, value]) => value !== undefined),
  ) as Partial<typeof users.$inferInsert>;
  if (Object.keys(values).length === 0) return before;
  return await deps.db
    .transaction(async (tx) => {
      await updateUserRow(tx, id, values);
      if (roleChanged || orgChanged || (statusChanged && body.status === 'DISABLED')) await revokeUserSessions(tx, id, 'user_changed');
      const after = (await findUserView(tx, { kind: 'all' }, id))!;
      await recordAudit(tx, ctx, {
        action: 'user.update',
        ...aboutUser(after),
        before,
        after,
      });
      return after;
    })
    .catch((error) => {
      throw duplicateError(error);
    });
}

export async function deleteUser(deps: TDeps, ctx: TRequestContext, id: string) {
  const actor = requireActor(ctx);
  const before = await getUser(deps, ctx, id);
  if (id === actor.userId) throw new AppError('FORBIDDEN', 'You cannot delete yourself');
  await assertManageable(deps, actor, before);
  await deps.db.transaction(async (tx) => {
    await deleteUserRow(tx, id);
    await recordAudit(tx, ctx, {
      action: 'user.delete',
      ...aboutUser(before),
      before,
    });
  });
}

/** "Send Mail": an invitation (or a set-password link) to the user. */
export async function sendUserMail(deps: TDeps, ctx: TRequestContext, id: string) {
  const view = await getUser(deps, ctx, id);
  if (view.status === 'DISABLED') throw new AppError('UNPROCESSABLE', 'This user is disabled; enable them before sending mail');
  const row = (await findUserRecord(deps.db, id))!;
  const messageId = await deps.db.transaction(async (tx) => {
    const mid = await queueInvitation(deps, tx, row, row.status === 'INVITED' ? 'invitation' : 'password-link');
    await recordAudit(tx, ctx, {
      action: 'user.send_mail',
      ...aboutUser(view),
      after: { messageId: mid },
    });
    return mid;
  });
  deps.messenger.deliverLater(deps.db, [messageId]);
}
