import { useMutation } from '@tanstack/react-query';
import type { TActivationCreate, TActivationCreated } from '@tarang/shared/activations/activation.schemas';
import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import { api } from '@/lib/api-client';
import { newUuid } from '@/lib/idempotency';
import { useResourceMutation } from '@/lib/resource';
import { ACTIVATION_STALE, activationsResource } from './get-activations';

/** The body of POST /activation without the dry-run switch: the blueprint, the SIMs, when to start. */
export type TActivationBody = Omit<TActivationCreate, 'dryRun'>;

/**
 * POST /activation with `dryRun`: the per-SIM validation and the cost (price × valid SIMs, the wallet's available
 * balance); nothing is held or made. The API asks a key of every call; a dry run claims none, so each has its own.
 */
export async function previewActivation(body: TActivationBody): Promise<TActivationCreated> {
  const { proceedWithValid: _proceed, ...rest } = body;
  const response = await api.post<TActivationCreated>(
    activationsResource.path,
    { ...rest, dryRun: true },
    {
      headers: { [IDEMPOTENCY_HEADER]: newUuid() },
    },
  );
  return response.data;
}

/** A dry run changes nothing: no read is made stale. */
export const usePreviewActivation = () => useMutation({ mutationFn: previewActivation });

/**
 * POST /activation: holds price × SIMs on the buyer's wallet and starts the ACTIVATE request, once per
 * Idempotency-Key (a retry with the same key answers the same activation).
 */
export async function createActivation({
  body,
  key,
}: {
  body: TActivationBody;
  key: string;
}): Promise<TActivationCreated & { message?: string }> {
  const response = await api.post<TActivationCreated>(activationsResource.path, body, { headers: { [IDEMPOTENCY_HEADER]: key } });
  return { ...response.data, message: response.message };
}

export const useCreateActivation = () =>
  useResourceMutation(activationsResource, createActivation, { saved: (r) => r.activation ?? undefined, alsoStale: ACTIVATION_STALE });
