import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import type { TWhitelistApply, TWhitelistCancel, TWhitelistKind, TWhitelistResync } from '@tarang/shared/whitelists/whitelist.schemas';
import type { TCreated } from '@/features/requests/api/create-request';
import type { TRequestPreview } from '@/features/requests/api/types';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { simWhitelistsResources } from './get-sim-whitelists';

/** A group onto the SIMs (POST: Add; PUT: Edit, in place of the one they hold), without the dry-run switch. */
export type TApplyBody = Omit<TWhitelistApply, 'dryRun'>;
/** Cancel Whitelist on the SIMs, now or at `scheduledAt`. */
export type TCancelBody = Omit<TWhitelistCancel, 'dryRun'>;
export type TApplyMethod = 'POST' | 'PUT';

type TApply = { kind: TWhitelistKind; method: TApplyMethod; body: TApplyBody };

/** A request made changes the requests' lists too. */
const ALSO_STALE = ['requests'] as const;

function send(method: TApplyMethod, path: string, body: unknown, key?: string) {
  const options = key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : undefined;
  return method === 'PUT' ? api.put<TCreated>(path, body, options) : api.post<TCreated>(path, body, options);
}

/** POST (or PUT) /whitelist/ip|numbers with `dryRun`: which SIMs can take the group, and why not the others; nothing made. */
export async function previewSimWhitelist({ kind, method, body }: TApply): Promise<TRequestPreview> {
  const { proceedWithValid: _proceed, scheduledAt: _at, ...rest } = body;
  const response = await send(method, simWhitelistsResources[kind].path, { ...rest, dryRun: true });
  return response.data.preview;
}

/** A dry run changes nothing: no read is made stale. */
export const usePreviewSimWhitelist = () => useMutation({ mutationFn: previewSimWhitelist });

/**
 * POST (Add) or PUT (Edit) /whitelist/ip|numbers: the request that puts the group on every profile of the SIMs, made
 * once per Idempotency-Key (a retry with the same key answers the same request).
 */
export async function applySimWhitelist({ kind, method, body, key }: TApply & { key: string }): Promise<TCreated & { message?: string }> {
  const response = await send(method, simWhitelistsResources[kind].path, body, key);
  return { ...response.data, message: response.message };
}

export const useApplySimWhitelist = (kind: TWhitelistKind) =>
  useResourceMutation(simWhitelistsResources[kind], applySimWhitelist, { alsoStale: ALSO_STALE });

/** POST /whitelist/ip|numbers/cancel: Cancel Whitelist — the whitelist of the kind taken off every profile of the SIMs. */
export async function cancelSimWhitelist({
  kind,
  body,
  key,
}: {
  kind: TWhitelistKind;
  body: TCancelBody;
  key: string;
}): Promise<TCreated & { message?: string }> {
  const response = await send('POST', `${simWhitelistsResources[kind].path}/cancel`, body, key);
  return { ...response.data, message: response.message };
}

export const useCancelSimWhitelist = (kind: TWhitelistKind) =>
  useResourceMutation(simWhitelistsResources[kind], cancelSimWhitelist, { alsoStale: ALSO_STALE });

/** POST /whitelist/ip|numbers/delete: Delete — the whitelist of the kind taken off every profile of the SIMs now. */
export async function deleteSimWhitelist({
  kind,
  body,
  key,
}: {
  kind: TWhitelistKind;
  body: { iccids: string[] };
  key: string;
}): Promise<TCreated & { message?: string }> {
  const response = await send('POST', `${simWhitelistsResources[kind].path}/delete`, body, key);
  return { ...response.data, message: response.message };
}

export const useDeleteSimWhitelist = (kind: TWhitelistKind) =>
  useResourceMutation(simWhitelistsResources[kind], deleteSimWhitelist, { alsoStale: ALSO_STALE });

/** Re-sync of a group: which profiles (drifted, failed, holding an older version), and whether to only preview. */
export type TResyncBody = Omit<TWhitelistResync, 'proceedWithValid'>;

/**
 * POST /whitelist/ip|numbers/resync: the group applied again to every SIM holding it that needs it, in one request
 * (the SIMs that cannot take it now, e.g. busy in another request, are left out). With `dryRun`, the preview only.
 */
export async function resyncSimWhitelists({
  kind,
  body,
  key,
}: {
  kind: TWhitelistKind;
  body: TResyncBody;
  key?: string;
}): Promise<TCreated & { message?: string }> {
  const response = await send(
    'POST',
    `${simWhitelistsResources[kind].path}/resync`,
    { ...body, proceedWithValid: !body.dryRun || undefined },
    key,
  );
  return { ...response.data, message: response.message };
}

export const useResyncSimWhitelists = (kind: TWhitelistKind) =>
  useResourceMutation(simWhitelistsResources[kind], resyncSimWhitelists, { alsoStale: ALSO_STALE });
