import type { TImeiFileResult, TSimImeiLock, TSimUpdate } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { simsResource } from './get-sims';

export type TSimUpdateResult = { updated: number; notFound: string[] };
export type TImeiLockResult = { updated: number; skipped: { iccid: string; reason: string }[] };

/** PUT /sim: label, tags, APN and static IP (needs the Sim Actions module). */
export async function updateSims(body: TSimUpdate): Promise<TSimUpdateResult> {
  return (await api.put<TSimUpdateResult>(simsResource.path, body)).data;
}

/** PUT /sim/imeis: lock SIMs to an IMEI (given, or the one last seen), or unlock them. */
export async function setImeiLock(body: TSimImeiLock): Promise<TImeiLockResult> {
  return (await api.put<TImeiLockResult>(`${simsResource.path}/imeis`, body)).data;
}

export const useUpdateSims = () => useResourceMutation(simsResource, updateSims);

export const useSetImeiLock = () => useResourceMutation(simsResource, setImeiLock);

/** POST /sim/imeis/file: SIMs locked to IMEIs from a CSV or XLSX of ICCID–IMEI pairs; rows not taken come back by line. */
export async function lockImeisFromFile(file: File): Promise<TImeiFileResult & { message?: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await api.postForm<TImeiFileResult>(`${simsResource.path}/imeis/file`, form);
  return { ...response.data, message: response.message };
}

export const useLockImeisFromFile = () => useResourceMutation(simsResource, lockImeisFromFile);
