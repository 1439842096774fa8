import { useQuery } from '@tanstack/react-query';
import type { TWhitelistNumber } from '@tarang/shared/whitelists/whitelist.schemas';
import { api } from '@/lib/api-client';
import type { TPage } from '@/lib/resource';
import { numberGroupsResource } from './get-number-groups';

export type TGroupNumbersParams = { page: number; limit: number; search?: string };

/** GET /whitelist/number-group/{id}/numbers: one page of a group's numbers (search by digits). */
async function getGroupNumbers(groupId: string, params: TGroupNumbersParams, signal: AbortSignal): Promise<TPage<TWhitelistNumber>> {
  const response = await api.get<TWhitelistNumber[]>(numberGroupsResource.itemPath(groupId, '/numbers'), { params, signal });
  return { rows: response.data, total: response.meta?.total ?? response.data.length };
}

export const useGroupNumbers = (groupId: string, params: TGroupNumbersParams) =>
  useQuery(
    numberGroupsResource.readOptions(
      numberGroupsResource.keys.of('numbers', groupId, params),
      (signal) => getGroupNumbers(groupId, params, signal),
      {
        keepPrevious: true,
      },
    ),
  );
