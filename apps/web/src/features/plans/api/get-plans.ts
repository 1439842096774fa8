import type { TPlan } from '@tarang/shared/plans/plan.schemas';
import { defineResource, type TPageParams } from '@/lib/resource';

/** The plans: /plans and /plans/{id}. Staff read the provider's catalogue; an organisation, the plans shared with it. */
export const plansResource = defineResource<TPlan>('plans', '/plans');

export type TPlanListParams = TPageParams & { status?: TPlan['status']; operator?: TPlan['operators'][number] };

/** GET /plans: one page of the plans the caller sees, each at the caller's own price. */
export const usePlans = (params: TPlanListParams) => plansResource.usePage(params);
