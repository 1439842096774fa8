import type { TIpGroup, TIpGroupListQuery } from '@tarang/shared/whitelists/whitelist.schemas';
import { defineResource, type TPageParams } from '@/lib/resource';

/** The IP groups: /whitelist/ip-group and /whitelist/ip-group/{id}. */
export const ipGroupsResource = defineResource<TIpGroup>('ip-groups', '/whitelist/ip-group');

export type TIpGroupListParams = TPageParams & Pick<TIpGroupListQuery, 'status' | 'reviewStatus' | 'organizationId'>;

/** GET /whitelist/ip-group: one page of the IP groups in the caller's reach. */
export const useIpGroups = (params: TIpGroupListParams) => ipGroupsResource.usePage(params);
