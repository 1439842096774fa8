import { useQuery } from '@tanstack/react-query';
import type { TJobStatus, TRequestType } from '@tarang/shared/requests/request.constants';
import { FINAL_JOB_STATUSES } from '@tarang/shared/requests/request.constants';
import { defineResource, type TCursorPage } from '@/lib/resource';
import type { TRequest } from './types';

/** The requests: /request, /request/{id} and its parts; the terminations' list is /termination. */
export const requestsResource = defineResource<TRequest>('requests', '/request');

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
export function getRequests(kind: TRequestListKind, params: TRequestListParams, signal?: AbortSignal): Promise<TCursorPage<TRequest>> {
  return kind === 'terminations'
    ? requestsResource.fetchCursorPage({ ...params, type: undefined }, signal, '/termination')
    : requestsResource.fetchCursorPage(params, signal);
}

export const isFinalStatus = (status: string) => (FINAL_JOB_STATUSES as readonly string[]).includes(status);

/** While a row of the page runs, the page follows it (every `ms`). */
export const whileRunning =
  (ms: number) =>
  (page: { rows: { status: string }[] } | undefined): number | false =>
    page?.rows.some((r) => !isFinalStatus(r.status)) ? ms : false;

export const useRequests = (kind: TRequestListKind, params: TRequestListParams) =>
  useQuery(requestsResource.listOptions([kind, params], (signal) => getRequests(kind, params, signal), { refetch: whileRunning(3000) }));
