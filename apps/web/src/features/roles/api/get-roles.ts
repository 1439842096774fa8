import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import { api } from '@/lib/api-client';

export type TRoleListParams = {
  page: number;
  limit: number;
  sort?: string;
  search?: string;
  _id?: string;
  organizationId?: string;
};

export type TRolePage = { rows: TRole[]; total: number };

/** GET /roles: one page of the roles the caller can see. */
export async function getRoles(params: TRoleListParams, signal?: AbortSignal): Promise<TRolePage> {
  const response = await api.get<TRole[]>('/roles', { params, signal });
  return { rows: response.data, total: response.meta?.total ?? response.data.length };
}

export function rolesQueryOptions(params: TRoleListParams) {
  return queryOptions({
    queryKey: ['roles', 'list', params],
    queryFn: ({ signal }) => getRoles(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRoles(params: TRoleListParams) {
  return useQuery(rolesQueryOptions(params));
}
