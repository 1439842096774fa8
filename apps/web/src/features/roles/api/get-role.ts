import { rolesResource } from '@/api/roles-resource';

/** GET /roles/{id}. */
export const useRole = (id: string) => rolesResource.useOne(id);
