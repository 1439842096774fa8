import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSimAllocate, TSimBatchResult, TSimRollback } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';

export type TMoveKind = 'allocate' | 'rollback';
export type TMoveBody = { kind: 'allocate'; body: TSimAllocate } | { kind: 'rollback'; body: TSimRollback };

/**
 * PUT /sim/allocate or PUT /sim/rollback: named SIMs or every SIM matching a filter. Up to 10,000 move at
 * once (200, with the named SIMs that could not move); larger sets answer 202 with an operation to follow.
 */
export async function moveSims(move: TMoveBody): Promise<TSimBatchResult> {
  const response = await api.put<TSimBatchResult>(move.kind === 'allocate' ? '/sim/allocate' : '/sim/rollback', move.body);
  return response.data;
}

export function useMoveSims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveSims,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sims'] }),
  });
}
