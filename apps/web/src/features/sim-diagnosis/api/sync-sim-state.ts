import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import type { TCreated } from '@/features/requests/api/create-request';
import { requestsResource } from '@/features/requests/api/get-requests';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';

/**
 * POST /sim/sim-diagnosis/sync (the fix of a provisioning mismatch): the SIM's state sent to its operators again, as a
 * request; made once per Idempotency-Key.
 */
export async function syncSimState({ iccid, key }: { iccid: string; key: string }): Promise<TCreated> {
  return (await api.post<TCreated>('/sim/sim-diagnosis/sync', { iccid }, { headers: { [IDEMPOTENCY_HEADER]: key } })).data;
}

export const useSyncSimState = () => useResourceMutation(requestsResource, syncSimState);
