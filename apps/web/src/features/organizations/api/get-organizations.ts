import { organizationsResource } from '@/api/organizations-resource';
import type { TPageParams } from '@/lib/resource';

export type TOrganizationListParams = TPageParams & { parentId?: string };

/** GET /organization: one page of the organisations the caller can see. */
export const useOrganizations = (params: TOrganizationListParams) => organizationsResource.usePage(params);
