import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { TExecutor } from '../../db/database';
import type { TActor } from '../../http/request-context';
import { readPage, type TPageQuery } from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';
import { roles } from '../roles/roles.table';
import { users } from '../users/users.table';
import { outboxMessages } from './outbox.table';

/**
 * The messages a reader may see (docs/decisions/021-outbox.md): their own, and those to a user they administer, that
 * is a user inside their reach whose role grants nothing the reader lacks (the rule of `isScopeSubset`, in SQL) and
 * is not a built-in role: mail to a Super Admin is read by that Super Admin alone. A message whose user is gone is
 * read by nobody.
 */
function readableBy(actor: TActor): SQL {
  const held = sql`${JSON.stringify(actor.authScopes)}::jsonb`;
  const grantsMore = sql`EXISTS (
    SELECT 1 FROM jsonb_each(${roles.authScopes}) AS m(module, scope)
    WHERE (coalesce((m.scope->>'allowed')::boolean, false) AND NOT coalesce((${held}->m.module->>'allowed')::boolean, false))
      OR EXISTS (
        SELECT 1 FROM jsonb_each_text(coalesce(m.scope->'actions', '{}'::jsonb)) AS a(action, granted)
        WHERE a.granted = 'true' AND NOT (
          coalesce((${held}->m.module->>'allowed')::boolean, false)
          AND coalesce((${held}->m.module->'actions'->>a.action)::boolean, false))))`;
  return or(
    eq(outboxMessages.recipientUserId, actor.userId),
    and(eq(roles.system, false), inScope(actor.scope, users.organizationId) ?? sql`true`, sql`NOT ${grantsMore}`),
  )!;
}

/** The messages `actor` may read: each joined to its recipient and the recipient's role, which decide it. */
function readable<T extends PgSelect>(query: T, actor: TActor) {
  return query
    .innerJoin(users, eq(users.id, outboxMessages.recipientUserId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(readableBy(actor));
}

export async function listOutboxMessages(db: TExecutor, actor: TActor, page: TPageQuery) {
  const columns = {
    id: outboxMessages.id,
    channel: outboxMessages.channel,
    recipient: outboxMessages.recipient,
    subject: outboxMessages.subject,
    body: outboxMessages.body,
    template: outboxMessages.template,
    status: outboxMessages.status,
    createdAt: outboxMessages.createdAt,
  };
  return await readPage(
    page,
    readable(db.select(columns).from(outboxMessages).$dynamic(), actor).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)),
    readable(db.select({ n: count() }).from(outboxMessages).$dynamic(), actor),
  );
}
