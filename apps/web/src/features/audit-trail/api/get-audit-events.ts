import { useQuery } from '@tanstack/react-query';
import type { TAuditEvent, TAuditQuery } from '@tarang/shared/audit/audit.schemas';
import { defineResource, type TCursorPage } from '@/lib/resource';

/** The audit trail: GET /audit-trail (keyset pages, newest first) and POST /audit-trail/verify (staff). */
export const auditTrailResource = defineResource<TAuditEvent>('audit-trail', '/audit-trail');

/** The list's filters as the API takes them (days as YYYY-MM-DD, read in India time by the API). */
export type TAuditFilter = Partial<
  Pick<TAuditQuery, 'actor' | 'actorId' | 'actorType' | 'action' | 'entityType' | 'entityId' | 'organizationId' | 'from' | 'to'>
>;

export type TAuditParams = TAuditFilter & { limit: number; cursor: string | null };

/** GET /audit-trail: one keyset page, newest first. */
export function getAuditEvents(params: TAuditParams, signal?: AbortSignal): Promise<TCursorPage<TAuditEvent>> {
  return auditTrailResource.fetchCursorPage(params, signal);
}

export const useAuditEvents = (params: TAuditParams) =>
  useQuery(auditTrailResource.listOptions([params], (signal) => getAuditEvents(params, signal)));
