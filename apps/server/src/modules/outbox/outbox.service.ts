import type { TDeps } from '../../app-deps';
import { requireActor, type TRequestContext } from '../../http/request-context';
import type { TPageQuery } from '../../lib/list-query';
import { listOutboxMessages } from './outbox.repository';

/** The outbox as its reader may see it, newest first (docs/decisions/021-outbox.md). */
export async function getOutbox(deps: TDeps, ctx: TRequestContext, page: TPageQuery) {
  const { rows, meta } = await listOutboxMessages(deps.db, requireActor(ctx), page);
  return { rows: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), meta };
}
