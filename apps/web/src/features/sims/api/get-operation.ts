import { useQuery } from '@tanstack/react-query';
import type { TSimOperation } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';
import { simsResource } from './get-sims';

/** How often a running operation is asked for its progress. */
const POLL_MS = 1000;

export const isFinished = (op: TSimOperation | undefined) => op?.status === 'DONE' || op?.status === 'FAILED';

type TOperationKind = 'move' | 'upload';

/** The cache entry of an operation's progress. */
export const simOperationKey = (kind: TOperationKind, id: string | null) => simsResource.keys.of('operation', kind, id);

/** GET /sim/operations/{id} (allocation, roll-back) or GET /sim/large-data/{id} (upload): progress and counts. */
async function getSimOperation(kind: TOperationKind, id: string, signal?: AbortSignal): Promise<TSimOperation> {
  const path = kind === 'upload' ? `/sim/large-data/${encodeURIComponent(id)}` : `/sim/operations/${encodeURIComponent(id)}`;
  return await api.getById<TSimOperation>(path, { signal });
}

/** Follows an operation until it is done or failed. */
export function useSimOperation(kind: TOperationKind, id: string | null) {
  return useQuery({
    ...simsResource.readOptions(simOperationKey(kind, id), (signal) => getSimOperation(kind, id!, signal), { enabled: id !== null }),
    refetchInterval: (query) => (isFinished(query.state.data) || query.state.error ? false : POLL_MS),
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}
