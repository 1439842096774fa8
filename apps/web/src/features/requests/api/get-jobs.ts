import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isFinalStatus, type TRequestListParams } from './get-requests';
import type { TCursorPage, TJob, TJobTask, TProgress } from './types';

/** GET /job-batch: batch jobs, newest first, one keyset page (the filters of the request list). */
export async function getJobs(params: TRequestListParams, signal?: AbortSignal): Promise<TCursorPage<TJob>> {
  const { cursor, ...rest } = params;
  const response = await api.get<TJob[]>('/job-batch', { params: { ...rest, cursor: cursor ?? undefined }, signal });
  const meta = response.meta as { nextCursor?: string | null } | undefined;
  return { rows: response.data, nextCursor: meta?.nextCursor ?? null };
}

export function useJobs(params: TRequestListParams) {
  return useQuery(
    queryOptions({
      queryKey: ['jobs', 'list', params],
      queryFn: ({ signal }) => getJobs(params, signal),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.rows.some((r) => !isFinalStatus(r.status)) ? 3000 : false),
    }),
  );
}

/** GET /job-batch/{id}: one batch job. */
export async function getJob(id: string, signal?: AbortSignal): Promise<TJob> {
  return await api.getById<TJob>(`/job-batch/${encodeURIComponent(id)}`, { signal });
}

export function useJob(id: string, enabled = true) {
  return useQuery(queryOptions({ queryKey: ['jobs', 'detail', id], queryFn: ({ signal }) => getJob(id, signal), enabled }));
}

/** GET /job-batch/{id}/progress: the cheap live read (status and counts), polled each second while the job runs. */
export async function getJobProgress(id: string, signal?: AbortSignal): Promise<TProgress> {
  return (await api.get<TProgress>(`/job-batch/${encodeURIComponent(id)}/progress`, { signal })).data;
}

export const PROGRESS_POLL_MS = 1000;

export function useJobProgress(id: string | undefined, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['jobs', 'progress', id],
      queryFn: ({ signal }) => getJobProgress(id!, signal),
      enabled: enabled && !!id,
      staleTime: 0,
      refetchInterval: (query) => (query.state.data && isFinalStatus(query.state.data.status) ? false : PROGRESS_POLL_MS),
    }),
  );
}

export type TTaskParams = { status?: string; limit: number; cursor: string | null };

/** GET /job/{id}/tasks: View Tasks, one per SIM, by keyset. */
export async function getJobTasks(jobId: string, params: TTaskParams, signal?: AbortSignal): Promise<TCursorPage<TJobTask>> {
  const response = await api.get<TJobTask[]>(`/job/${encodeURIComponent(jobId)}/tasks`, {
    params: { status: params.status, limit: params.limit, cursor: params.cursor ?? undefined },
    signal,
  });
  const meta = response.meta as { nextCursor?: string | null } | undefined;
  return { rows: response.data, nextCursor: meta?.nextCursor ?? null };
}

export function useJobTasks(jobId: string, params: TTaskParams, { enabled, live }: { enabled: boolean; live: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: ['jobs', 'tasks', jobId, params],
      queryFn: ({ signal }) => getJobTasks(jobId, params, signal),
      enabled,
      placeholderData: keepPreviousData,
      refetchInterval: live ? 2000 : false,
    }),
  );
}
