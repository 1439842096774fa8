import type { TAuditQuery } from '@tarang/shared/audit/audit.schemas';
import { getAuditTrail } from '../../audit/audit.service';
import { filterText, type TReportSource } from '../report-source';

/** A snapshot as one cell: its JSON, or nothing. */
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The audit trail as a report: the events of the caller's subtree, newest first, with the filters of the audit trail
 * screen (audit.service.ts reads them; decision 033). The inbox is sealed before the first page only.
 */
export const auditTrailSource: TReportSource = {
  read: async (deps, actor, f, page) => {
    const query: TAuditQuery = {
      organizationId: filterText(f, 'organizationId'),
      actor: filterText(f, 'actor'),
      actorId: filterText(f, 'actorId'),
      actorType: filterText(f, 'actorType') as TAuditQuery['actorType'],
      action: filterText(f, 'action'),
      entityType: filterText(f, 'entityType'),
      entityId: filterText(f, 'entityId'),
      from: filterText(f, 'from'),
      to: filterText(f, 'to'),
      limit: page.limit,
      cursor: page.cursor,
    };
    const ctx = { actor, ip: null, userAgent: null, requestId: null };
    const { rows, meta } = await getAuditTrail(deps.db, ctx, query, { seal: !page.cursor });
    return {
      rows: rows.map((e) => ({
        occurredAt: e.occurredAt,
        seq: e.seq,
        actorType: e.actorType,
        actor: e.actorLabel,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId,
        organizationId: e.organizationId,
        ip: e.ip,
        requestId: e.requestId,
        before: json(e.before),
        after: json(e.after),
        hash: e.hash,
      })),
      nextCursor: meta.nextCursor,
    };
  },
  exportBatch: 2000,
};
