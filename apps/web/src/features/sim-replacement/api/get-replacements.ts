import { useQuery } from '@tanstack/react-query';
import type { TReplacement, TReplacementState } from '@tarang/shared/sims/replacement.schemas';
import { defineResource, type TPage } from '@/lib/resource';

/** SIM replacements: GET /sim/replacements (the list), POST /sim/replacements/{id}/retry. */
export const replacementsResource = defineResource<TReplacement>('sim-replacements', '/sim/replacements');

/** The read of a page: page and size, a SIM (old or new, by its whole ICCID) and a state. */
export type TReplacementParams = { page: number; limit: number; iccid?: string; state?: TReplacementState };

/** GET /sim/replacements: one page, newest first, with the total. */
export function getReplacements(params: TReplacementParams, signal?: AbortSignal): Promise<TPage<TReplacement>> {
  return replacementsResource.fetchPage(params, signal);
}

/** How often a page is read again while a replacement on it is on its way (waiting, or at the operator). */
export const UNDER_WAY_POLL_MS = 3000;
const UNDER_WAY: readonly TReplacementState[] = ['WAITING', 'AT_OPERATOR'];
const whileUnderWay = (page: TPage<TReplacement> | undefined): number | false =>
  page?.rows.some((r) => UNDER_WAY.includes(r.state)) ? UNDER_WAY_POLL_MS : false;

export const replacementsOptions = (params: TReplacementParams) =>
  replacementsResource.listOptions([params], (signal) => getReplacements(params, signal), { refetch: whileUnderWay });

/** A page of replacements, read again while one of them is on its way, so its state follows the operator. */
export const useReplacements = (params: TReplacementParams) => useQuery(replacementsOptions(params));
