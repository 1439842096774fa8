import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@tarang/shared/users/user.schemas';

export type TUserStatus = TUser['status'];

import { api } from '@/lib/api-client';

export type TUserListParams = {
  page: number;
  limit: number;
  sort?: string;
  search?: string;
  _id?: string;
  organizationId?: string;
  status?: TUserStatus;
};

export type TUserPage = { rows: TUser[]; total: number };

/** GET /users: one page of the users the caller can see. */
export async function getUsers(params: TUserListParams, signal?: AbortSignal): Promise<TUserPage> {
  const response = await api.get<TUser[]>('/users', { params, signal });
  return { rows: response.data, total: response.meta?.total ?? response.data.length };
}

export function usersQueryOptions(params: TUserListParams) {
  return queryOptions({
    queryKey: ['users', 'list', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: TUserListParams) {
  return useQuery(usersQueryOptions(params));
}
