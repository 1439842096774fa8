import type { TSimAllocate, TSimBatchResult, TSimRollback } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { simsResource } from './get-sims';

export type TMoveKind = 'allocate' | 'rollback';
export type TMoveBody = { kind: 'allocate'; body: TSimAllocate } | { kind: 'rollback'; body: TSimRollback };

/**
 * PUT /sim/allocate or PUT /sim/rollback: named SIMs or every SIM matching a filter. Up to 10,000 move at
 * once (200, with the named SIMs that could not move); larger sets answer 202 with an operation to follow.
 */
export async function moveSims(move: TMoveBody): Promise<TSimBatchResult> {
  const response = await api.put<TSimBatchResult>(`${simsResource.path}/${move.kind}`, move.body);
  return response.data;
}

export const useMoveSims = () => useResourceMutation(simsResource, moveSims);
