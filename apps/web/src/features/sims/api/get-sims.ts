import { useQuery } from '@tanstack/react-query';
import type { TSim, TSimListMeta } from '@tarang/shared/sims/sim.schemas';
import { api } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';
import { simFilterQuery, type TSimFilterValues } from '../utils/sim-filter';

/** The SIM inventory: /sim, and one SIM at /sim/{iccid}. */
export const simsResource = defineResource<TSim>('sims', '/sim', { idOf: (sim) => sim.iccid });

export type TSimListParams = { filter: TSimFilterValues; sort: string; limit: number; cursor: string | null };
export type TSimPage = { rows: TSim[]; meta: TSimListMeta };

/** GET /sim: one keyset page of the SIMs the caller reaches; `meta.nextCursor` opens the next one. */
async function getSims(params: TSimListParams, signal?: AbortSignal): Promise<TSimPage> {
  const response = await api.get<TSim[]>(simsResource.path, {
    params: { ...simFilterQuery(params.filter), sort: params.sort, limit: params.limit, cursor: params.cursor },
    signal,
  });
  const meta = response.meta as unknown as TSimListMeta | undefined;
  return {
    rows: response.data,
    meta: meta ?? { limit: params.limit, total: response.data.length, totalIsEstimate: false, nextCursor: null },
  };
}

/**
 * The first page asked for while the inventory's code was still loading (the page the console opened
 * on): the grid then has its rows on its first render instead of asking only once it is on screen.
 */
type TEarly = { promise: Promise<TSimPage>; data?: TSimPage; at: number };
const early = new Map<string, TEarly>();
const EARLY_MS = 10_000;

export function prefetchSims(params: TSimListParams): void {
  const key = JSON.stringify(params);
  const entry: TEarly = { promise: getSims(params), at: Date.now() };
  entry.promise.then(
    (data) => {
      entry.data = data;
    },
    () => early.delete(key),
  );
  early.set(key, entry);
}

function earlyPage(params: TSimListParams, take: boolean): TEarly | undefined {
  const key = JSON.stringify(params);
  const entry = early.get(key);
  if (!entry) return undefined;
  if (take || Date.now() - entry.at > EARLY_MS) early.delete(key);
  return Date.now() - entry.at > EARLY_MS ? undefined : entry;
}

export function useSims(params: TSimListParams) {
  const ready = earlyPage(params, false);
  return useQuery({
    ...simsResource.listOptions([params], (signal) => earlyPage(params, true)?.promise ?? getSims(params, signal)),
    initialData: ready?.data,
    initialDataUpdatedAt: ready?.at,
  });
}
