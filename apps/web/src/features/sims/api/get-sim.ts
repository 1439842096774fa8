import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSimDetail } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';

/** GET /sim/{iccid}: one SIM by any of its ICCIDs, with its history (newest first). */
export async function getSim(iccid: string, signal?: AbortSignal): Promise<TSimDetail> {
  return await api.getById<TSimDetail>(`/sim/${encodeURIComponent(iccid)}`, { signal });
}

export function simQueryOptions(iccid: string) {
  return queryOptions({ queryKey: ['sims', 'detail', iccid], queryFn: ({ signal }) => getSim(iccid, signal) });
}

export function useSim(iccid: string, enabled = true) {
  return useQuery({
    ...simQueryOptions(iccid),
    enabled,
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}
