import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { requestsResource } from './get-requests';
import type { TRequest, TRequestCreate, TRequestPreview } from './types';

export type TRequestBody = TRequestCreate;
export type TCreated = { request: TRequest | null; preview: TRequestPreview; replayed: boolean };

/** Terminations go through POST /termination (the Add Termination permission), everything else POST /request. */
function pathOf(body: TRequestBody) {
  return body.type === 'TERMINATE' ? '/termination' : requestsResource.path;
}

function bodyFor(body: TRequestBody) {
  if (body.type !== 'TERMINATE') return body;
  const { type: _type, imei: _imei, ...rest } = body;
  return rest;
}

/** POST /request with `dryRun`: the per-SIM validation, nothing made. */
export async function previewRequest(body: TRequestBody): Promise<TRequestPreview> {
  const response = await api.post<TCreated>(pathOf(body), bodyFor({ ...body, dryRun: true, proceedWithValid: undefined }));
  return response.data.preview;
}

/** A dry run changes nothing: no read is made stale. */
export const usePreviewRequest = () => useMutation({ mutationFn: previewRequest });

/** POST /request: the request, made once per Idempotency-Key (a retry with the same key answers the same request). */
export async function createRequest({ body, key }: { body: TRequestBody; key: string }): Promise<TCreated & { message?: string }> {
  const response = await api.post<TCreated>(pathOf(body), bodyFor(body), { headers: { [IDEMPOTENCY_HEADER]: key } });
  return { ...response.data, message: response.message };
}

export const useCreateRequest = () => useResourceMutation(requestsResource, createRequest);
