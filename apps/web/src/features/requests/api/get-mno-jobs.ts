import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isFinalStatus } from './get-requests';
import type { TCursorPage, TMnoJob, TMnoReportRow } from './types';

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
export async function getMnoJobs(params: TMnoJobParams, signal?: AbortSignal): Promise<TCursorPage<TMnoJob>> {
  const { cursor, ...rest } = params;
  const response = await api.get<TMnoJob[]>('/mno-job', { params: { ...rest, cursor: cursor ?? undefined }, signal });
  const meta = response.meta as { nextCursor?: string | null } | undefined;
  return { rows: response.data, nextCursor: meta?.nextCursor ?? null };
}

export function useMnoJobs(params: TMnoJobParams, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ['mno-jobs', 'list', params],
      queryFn: ({ signal }) => getMnoJobs(params, signal),
      enabled,
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.rows.some((r) => !isFinalStatus(r.status)) ? 2000 : false),
    }),
  );
}

export type TMnoReportParams = { from?: string; to?: string; operator?: string };

/** GET /report/mno-job-report: MNO jobs, tasks and outcomes per operator and operation. */
export async function getMnoJobReport(params: TMnoReportParams, signal?: AbortSignal): Promise<TMnoReportRow[]> {
  return (await api.get<TMnoReportRow[]>('/report/mno-job-report', { params, signal })).data;
}

export function useMnoJobReport(params: TMnoReportParams) {
  return useQuery(
    queryOptions({
      queryKey: ['mno-jobs', 'report', params],
      queryFn: ({ signal }) => getMnoJobReport(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
