import type { TUser } from '@tarang/shared/users/user.schemas';
import { defineResource, type TPageParams } from '@/lib/resource';

/** The users of the Management screens: /users and /users/{id}. */
export const usersResource = defineResource<TUser>('users', '/users');

export type TUserStatus = TUser['status'];

export type TUserListParams = TPageParams & { organizationId?: string; status?: TUserStatus };

/** GET /users: one page of the users the caller can see. */
export const useUsers = (params: TUserListParams) => usersResource.usePage(params);
