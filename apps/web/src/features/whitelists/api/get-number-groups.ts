import type { TNumberGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { defineResource, type TPageParams } from '@/lib/resource';

/** The number groups: /whitelist/number-group, /whitelist/number-group/{id} and the numbers of a group. */
export const numberGroupsResource = defineResource<TNumberGroup>('number-groups', '/whitelist/number-group');

export type TNumberGroupListParams = TPageParams & { organizationId?: string };

/** GET /whitelist/number-group: one page of the number groups in the caller's reach, each with its count of numbers. */
export const useNumberGroups = (params: TNumberGroupListParams) => numberGroupsResource.usePage(params);
