import { useQuery } from '@tanstack/react-query';
import type { TActivation } from '@tarang/shared/activations/activation.schemas';
import type { TJobStatus } from '@tarang/shared/requests/request.constants';
import { whileRunning } from '@/features/requests/api/get-requests';
import { defineResource } from '@/lib/resource';

/** The activations: /activation and /activation/{id}. */
export const activationsResource = defineResource<TActivation>('activations', '/activation');

/** What an activation's money and SIMs change besides itself: the wallet (header chip), its request and its job. */
export const ACTIVATION_STALE = ['wallet', 'requests', 'jobs'] as const;

export type TActivationListFilter = {
  organizationId?: string;
  planId?: string;
  status?: TJobStatus;
  /** YYYY-MM-DD (a day in India time, as the API reads it). */
  from?: string;
  to?: string;
};

export type TActivationListParams = TActivationListFilter & { limit: number; cursor: string | null };

/** GET /activation: newest first, one keyset page; followed while a row of it runs. */
export const useActivations = (params: TActivationListParams) =>
  useQuery(
    activationsResource.listOptions([params], (signal) => activationsResource.fetchCursorPage(params, signal), {
      refetch: whileRunning(3000),
    }),
  );
