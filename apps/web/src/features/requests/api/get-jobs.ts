import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';
import { isFinalStatus, type TRequestListParams, whileRunning } from './get-requests';
import type { TJob, TJobTask, TProgress } from './types';

/** The batch jobs: /job-batch and /job-batch/{id}; a job's tasks are /job/{id}/tasks. */
export const jobsResource = defineResource<TJob>('jobs', '/job-batch');

/** GET /job-batch: batch jobs, newest first, one keyset page (the filters of the request list). */
export const useJobs = (params: TRequestListParams) =>
  useQuery(jobsResource.listOptions([params], (signal) => jobsResource.fetchCursorPage(params, signal), { refetch: whileRunning(3000) }));

/** GET /job-batch/{id}: one batch job. */
export const useJob = (id: string, enabled = true) => jobsResource.useOne(id, { enabled });

const PROGRESS_POLL_MS = 1000;

/** GET /job-batch/{id}/progress: the cheap live read (status and counts), polled each second while the job runs. */
export const useJobProgress = (id: string | undefined, enabled: boolean) =>
  useQuery(
    jobsResource.readOptions(
      jobsResource.keys.of('progress', id),
      async (signal) => (await api.get<TProgress>(jobsResource.itemPath(id!, '/progress'), { signal })).data,
      {
        enabled: enabled && !!id,
        staleTime: 0,
        refetch: (progress) => (progress && isFinalStatus(progress.status) ? false : PROGRESS_POLL_MS),
      },
    ),
  );

export type TTaskParams = { status?: string; limit: number; cursor: string | null };

/** GET /job/{id}/tasks: View Tasks, one per SIM, by keyset. */
export const useJobTasks = (jobId: string, params: TTaskParams, { enabled, live }: { enabled: boolean; live: boolean }) =>
  useQuery(
    jobsResource.readOptions(
      jobsResource.keys.of('tasks', jobId, params),
      (signal) =>
        jobsResource.fetchCursorPage<TJobTask>(
          { status: params.status, limit: params.limit, cursor: params.cursor },
          signal,
          `/job/${encodeURIComponent(jobId)}/tasks`,
        ),
      { enabled, keepPrevious: true, refetch: live ? 2000 : false },
    ),
  );
