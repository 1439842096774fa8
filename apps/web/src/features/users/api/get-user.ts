import { usersResource } from './get-users';

/** GET /users/{id}. */
export const useUser = (id: string, options: { enabled?: boolean } = {}) => usersResource.useOne(id, options);
