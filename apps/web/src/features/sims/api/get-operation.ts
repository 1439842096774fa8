import { useQuery } from '@tanstack/react-query';
import type { TSimOperation } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';

/** How often a running operation is asked for its progress. */
export const POLL_MS = 1000;

export const isFinished = (op: TSimOperation | undefined) => op?.status === 'DONE' || op?.status === 'FAILED';

/** GET /sim/operations/{id} (allocation, roll-back) or GET /sim/large-data/{id} (upload): progress and counts. */
export async function getSimOperation(kind: 'move' | 'upload', id: string, signal?: AbortSignal): Promise<TSimOperation> {
  const path = kind === 'upload' ? `/sim/large-data/${encodeURIComponent(id)}` : `/sim/operations/${encodeURIComponent(id)}`;
  return await api.getById<TSimOperation>(path, { signal });
}

/** Follows an operation until it is done or failed. */
export function useSimOperation(kind: 'move' | 'upload', id: string | null) {
  return useQuery({
    queryKey: ['sims', 'operation', kind, id],
    queryFn: ({ signal }) => getSimOperation(kind, id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (isFinished(query.state.data) || query.state.error ? false : POLL_MS),
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}
