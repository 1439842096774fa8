import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSimImeiLock, TSimUpdate } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';

export type TSimUpdateResult = { updated: number; notFound: string[] };
export type TImeiLockResult = { updated: number; skipped: { iccid: string; reason: string }[] };

/** PUT /sim: label, tags, APN and static IP (needs the Sim Actions module). */
export async function updateSims(body: TSimUpdate): Promise<TSimUpdateResult> {
  return (await api.put<TSimUpdateResult>('/sim', body)).data;
}

/** PUT /sim/imeis: lock SIMs to an IMEI (given, or the one last seen), or unlock them. */
export async function setImeiLock(body: TSimImeiLock): Promise<TImeiLockResult> {
  return (await api.put<TImeiLockResult>('/sim/imeis', body)).data;
}

export function useUpdateSims() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSims, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sims'] }) });
}

export function useSetImeiLock() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setImeiLock, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sims'] }) });
}
