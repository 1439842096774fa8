import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';

export type TOrganizationListParams = {
  page: number;
  limit: number;
  sort?: string;
  search?: string;
  _id?: string;
  parentId?: string;
};

export type TOrganizationPage = { rows: TOrganization[]; total: number };

/** GET /organization: one page of the organisations the caller can see. */
export async function getOrganizations(params: TOrganizationListParams, signal?: AbortSignal): Promise<TOrganizationPage> {
  const response = await api.get<TOrganization[]>('/organization', { params, signal });
  return { rows: response.data, total: response.meta?.total ?? response.data.length };
}

export function organizationsQueryOptions(params: TOrganizationListParams) {
  return queryOptions({
    queryKey: ['organizations', 'list', params],
    queryFn: ({ signal }) => getOrganizations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrganizations(params: TOrganizationListParams) {
  return useQuery(organizationsQueryOptions(params));
}
