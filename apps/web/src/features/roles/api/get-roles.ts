import { rolesResource } from '@/api/roles-resource';
import type { TPageParams } from '@/lib/resource';

export type TRoleListParams = TPageParams & { organizationId?: string };

/** GET /roles: one page of the roles the caller can see. */
export const useRoles = (params: TRoleListParams) => rolesResource.usePage(params);
