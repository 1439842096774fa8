import { useQuery } from '@tanstack/react-query';
import type { TSimDetail } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';
import { simsResource } from './get-sims';

/** GET /sim/{iccid}: one SIM by any of its ICCIDs, with its history (newest first). */
export function useSim(iccid: string, enabled = true) {
  return useQuery({
    ...simsResource.readOptions(
      simsResource.keys.detail(iccid),
      (signal) => api.getById<TSimDetail>(simsResource.itemPath(iccid), { signal }),
      { enabled },
    ),
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}
