import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';
import { whileRunning } from './get-requests';
import type { TMnoJob, TMnoReportRow } from './types';

/** The provider's work at the operators: /mno-job and /mno-job/{id}, and its report. */
export const mnoJobsResource = defineResource<TMnoJob>('mno-jobs', '/mno-job');

export type TMnoJobParams = {
  operator?: string;
  status?: string;
  batchJobId?: string;
  from?: string;
  to?: string;
  limit: number;
  cursor: string | null;
};

/** GET /mno-job: the provider's work at the operators (staff), newest first. */
export const useMnoJobs = (params: TMnoJobParams, enabled = true) =>
  useQuery(
    mnoJobsResource.listOptions([params], (signal) => mnoJobsResource.fetchCursorPage(params, signal), {
      enabled,
      refetch: whileRunning(2000),
    }),
  );

export type TMnoReportParams = { from?: string; to?: string; operator?: string };

/** GET /report/mno-job-report/summary: MNO jobs, tasks and outcomes per operator and operation. */
export const useMnoJobReport = (params: TMnoReportParams) =>
  useQuery(
    mnoJobsResource.readOptions(
      mnoJobsResource.keys.of('report', params),
      async (signal) => (await api.get<TMnoReportRow[]>('/report/mno-job-report/summary', { params, signal })).data,
      { keepPrevious: true },
    ),
  );
