import type { TIpGroup, TIpGroupListQuery } from '@tarang/shared/whitelists/whitelist.schemas';
import { and, count, eq } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { listQueryConditions, orderByFromSort, readPage } from '../../lib/list-query';
import { inScope } from '../../lib/tenancy';
import { organizations } from '../organizations/organizations.table';
import { ipGroups } from './whitelists.table';

export type TIpGroupRow = typeof ipGroups.$inferSelect;
type TIpGroupView = { group: TIpGroupRow; tradeName: string };

const actorOf = (id: string | null, label: string | null) => (id === null && label === null ? null : { id, label: label ?? '' });

export function toIpGroup({ group: g, tradeName }: TIpGroupView): TIpGroup {
  return {
    id: g.id,
    organizationId: g.organizationId,
    organization: { id: g.organizationId, tradeName },
    name: g.name,
    description: g.description,
    status: g.status,
    reviewStatus: g.reviewStatus,
    reviewReason: g.reviewReason,
    reviewedBy: g.reviewedAt ? actorOf(g.reviewedBy, g.reviewedByLabel) : null,
    reviewedAt: g.reviewedAt?.toISOString() ?? null,
    entries: g.entries,
    proposedEntries: g.proposedEntries,
    createdBy: actorOf(g.createdBy, g.createdByLabel),
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

function groupsFrom(db: TExecutor) {
  return db
    .select({ group: ipGroups, tradeName: organizations.tradeName })
    .from(ipGroups)
    .innerJoin(organizations, eq(organizations.id, ipGroups.organizationId));
}

/** One group in the scope, or null (out of reach reads as missing). `lock` holds it until the transaction ends. */
export async function findIpGroup(db: TExecutor, scope: TTenantScope, id: string, lock = false): Promise<TIpGroupView | null> {
  const query = groupsFrom(db).where(and(eq(ipGroups.id, id), inScope(scope, ipGroups.organizationId)));
  const [row] = lock ? await query.for('update', { of: ipGroups }) : await query;
  return row ?? null;
}

const sortable = {
  name: ipGroups.name,
  tradeName: organizations.tradeName,
  status: ipGroups.status,
  reviewStatus: ipGroups.reviewStatus,
  createdAt: ipGroups.createdAt,
  updatedAt: ipGroups.updatedAt,
};

export async function listIpGroups(db: TExecutor, scope: TTenantScope, q: TIpGroupListQuery) {
  const where = and(
    inScope(scope, ipGroups.organizationId),
    ...listQueryConditions(q, ipGroups.id, [ipGroups.name, organizations.tradeName]),
    q.status ? eq(ipGroups.status, q.status) : undefined,
    q.reviewStatus ? eq(ipGroups.reviewStatus, q.reviewStatus) : undefined,
    q.organizationId ? eq(ipGroups.organizationId, q.organizationId) : undefined,
  );
  const page = await readPage(
    q,
    groupsFrom(db)
      .where(where)
      .orderBy(...orderByFromSort(q.sort, sortable, '-updatedAt', ipGroups.id)),
    db.select({ n: count() }).from(ipGroups).innerJoin(organizations, eq(organizations.id, ipGroups.organizationId)).where(where),
  );
  return { rows: page.rows.map(toIpGroup), meta: page.meta };
}
