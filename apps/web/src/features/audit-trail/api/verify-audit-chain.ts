import type { TAuditVerifyRequest, TAuditVerifyResult } from '@tarang/shared/audit/audit.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { auditTrailResource } from './get-audit-events';

/** POST /audit-trail/verify (staff): recomputes the hash chain over a range of events; audited, so the list reads again. */
export async function verifyAuditChain(range: TAuditVerifyRequest): Promise<TAuditVerifyResult> {
  return (await api.post<TAuditVerifyResult>(`${auditTrailResource.path}/verify`, range)).data;
}

export const useVerifyAuditChain = () => useResourceMutation(auditTrailResource, verifyAuditChain);
