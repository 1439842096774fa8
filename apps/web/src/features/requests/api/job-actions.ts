import type { JOB_STATUS_CHANGES } from '@tarang/shared/requests/request.constants';
import { api, type TDownload } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { jobsResource } from './get-jobs';
import { mnoJobsResource } from './get-mno-jobs';
import type { TJob, TMnoActionResult } from './types';

export type TJobStatusChange = (typeof JOB_STATUS_CHANGES)[number];

/** A job's change reaches its request and its MNO jobs. */
const useJobMutation = <V, R>(action: (variables: V) => Promise<R>) =>
  useResourceMutation(jobsResource, action, { alsoStale: ['requests', 'mno-jobs'] });

/** PUT /job/{id}/status: Change Status (staff, with a reason). */
export async function changeJobStatus(input: { id: string; status: TJobStatusChange; reason: string }) {
  const response = await api.put<TJob>(`/job/${encodeURIComponent(input.id)}/status`, { status: input.status, reason: input.reason });
  return { job: response.data, message: response.message };
}
export const useChangeJobStatus = () => useJobMutation(changeJobStatus);

/** PUT /mno-job/{id}/mark-done: Mark As Done, of the named SIMs or of every one not yet done. */
export async function markMnoJobDone(input: { id: string; iccids?: string[]; note?: string }) {
  const body = { ...(input.iccids?.length ? { iccids: input.iccids } : {}), ...(input.note ? { note: input.note } : {}) };
  const response = await api.put<TMnoActionResult>(mnoJobsResource.itemPath(input.id, '/mark-done'), body);
  return { result: response.data, message: response.message };
}
export const useMarkMnoJobDone = () => useJobMutation(markMnoJobDone);

/** PUT /mno-job/{id}/reinitiate: send the failed tasks to the operator again. */
export async function reinitiateMnoJob(id: string) {
  const response = await api.put<TMnoActionResult>(mnoJobsResource.itemPath(id, '/reinitiate'));
  return { result: response.data, message: response.message };
}
export const useReinitiateMnoJob = () => useJobMutation(reinitiateMnoJob);

/** GET /mno-job/{id}/sims: the MNO job's SIM list as CSV, to work at the operator's portal. */
export async function downloadMnoJobSims(id: string, status?: string): Promise<TDownload> {
  return await api.download(mnoJobsResource.itemPath(id, '/sims'), { params: { status } });
}
