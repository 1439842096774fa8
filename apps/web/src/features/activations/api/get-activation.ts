import { useQuery } from '@tanstack/react-query';
import type { TActivation } from '@tarang/shared/activations/activation.schemas';
import { isFinalStatus } from '@/features/requests/api/get-requests';
import { activationsResource } from './get-activations';

/** Whether the activation still moves: its job runs, or money is still held for SIMs not yet settled. */
export const isSettling = (activation: Pick<TActivation, 'status' | 'amounts'>) =>
  !isFinalStatus(activation.status) || activation.amounts.remaining > 0;

/** GET /activation/{id}: read again every 2 s while its SIMs and its money are still settling. */
export const useActivation = (id: string, enabled = true) =>
  useQuery(activationsResource.detailOptions(id, { enabled, refetch: (a) => (a && isSettling(a) ? 2000 : false) }));
