import { useQuery } from '@tanstack/react-query';
import {
  type TSimWhitelist,
  type TSimWhitelistListQuery,
  type TWhitelistKind,
  type TWhitelistSyncState,
  WHITELIST_SYNC_STATES,
} from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import { defineResource, type TPage } from '@/lib/resource';

const idOf = (row: TSimWhitelist) => row.iccid;

/** The SIMs' whitelists of each kind, one row per SIM profile (by its ICCID): /whitelist/ip and /whitelist/numbers. */
export const simWhitelistsResources = {
  IP: defineResource<TSimWhitelist>('sim-whitelists-ip', '/whitelist/ip', { idOf }),
  NUMBER: defineResource<TSimWhitelist>('sim-whitelists-numbers', '/whitelist/numbers', { idOf }),
} as const;

/** The read of a page: page and size, and the filters the API takes (no sort: the API orders by ICCID). */
export type TSimWhitelistParams = Omit<TSimWhitelistListQuery, 'page' | 'limit'> & { page: number; limit: number };

export type TStateCounts = Record<TWhitelistSyncState, number>;
/** A page, and how many profiles are in each state for the same filters but the state. */
export type TSimWhitelistPage = TPage<TSimWhitelist> & { states: TStateCounts };

const NO_COUNTS = Object.fromEntries(WHITELIST_SYNC_STATES.map((s) => [s, 0])) as TStateCounts;

/** GET /whitelist/ip (or /numbers): one page of the profiles with a whitelist of the kind, and the counts by state. */
export async function getSimWhitelists(
  kind: TWhitelistKind,
  params: TSimWhitelistParams,
  signal?: AbortSignal,
): Promise<TSimWhitelistPage> {
  const response = await api.get<TSimWhitelist[]>(simWhitelistsResources[kind].path, { params, signal });
  const meta = response.meta as { total?: number; states?: Partial<TStateCounts> } | undefined;
  return { rows: response.data, total: meta?.total ?? response.data.length, states: { ...NO_COUNTS, ...meta?.states } };
}

/** How often a page is read again while a profile on it is at its operator (Pending). */
export const PENDING_POLL_MS = 5000;
const whilePending = (page: TSimWhitelistPage | undefined): number | false =>
  page?.rows.some((r) => r.state === 'PENDING') ? PENDING_POLL_MS : false;

/** A page of the list, read again while any of its profiles is Pending, so its sync state follows the operator. */
export const useSimWhitelists = (kind: TWhitelistKind, params: TSimWhitelistParams, options: { enabled?: boolean } = {}) =>
  useQuery(
    simWhitelistsResources[kind].listOptions([params], (signal) => getSimWhitelists(kind, params, signal), {
      refetch: whilePending,
      ...options,
    }),
  );
