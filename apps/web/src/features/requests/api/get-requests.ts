import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TJobStatus, TRequestType } from '@tarang/shared/requests/request.constants';
import { FINAL_JOB_STATUSES } from '@tarang/shared/requests/request.constants';
import { api } from '@/lib/api-client';
import type { TCursorPage, TRequest } from './types';

export type TRequestListFilter = {
  type?: TRequestType;
  status?: TJobStatus;
  organizationId?: string;
  batchJobId?: string;
  /** YYYY-MM-DD (a day in India time, as the API reads it). */
  from?: string;
  to?: string;
};

export type TRequestListParams = TRequestListFilter & { limit: number; cursor: string | null };

/** Which list: every request (GET /request) or the terminations (GET /termination). */
export type TRequestListKind = 'requests' | 'terminations';

/** GET /request (or /termination): newest first, one keyset page. */
export async function getRequests(
  kind: TRequestListKind,
  params: TRequestListParams,
  signal?: AbortSignal,
): Promise<TCursorPage<TRequest>> {
  const { cursor, ...rest } = params;
  const query = kind === 'terminations' ? { ...rest, type: undefined } : rest;
  const response = await api.get<TRequest[]>(kind === 'terminations' ? '/termination' : '/request', {
    params: { ...query, cursor: cursor ?? undefined },
    signal,
  });
  const meta = response.meta as { nextCursor?: string | null } | undefined;
  return { rows: response.data, nextCursor: meta?.nextCursor ?? null };
}

export const isFinalStatus = (status: string) => (FINAL_JOB_STATUSES as readonly string[]).includes(status);

export function requestsQueryOptions(kind: TRequestListKind, params: TRequestListParams) {
  return queryOptions({
    queryKey: ['requests', 'list', kind, params],
    queryFn: ({ signal }) => getRequests(kind, params, signal),
    placeholderData: keepPreviousData,
    // While a request on the page runs, the page follows it.
    refetchInterval: (query) => (query.state.data?.rows.some((r) => !isFinalStatus(r.status)) ? 3000 : false),
  });
}

export function useRequests(kind: TRequestListKind, params: TRequestListParams) {
  return useQuery(requestsQueryOptions(kind, params));
}
