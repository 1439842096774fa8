import type { TPlan, TPlanUpdate } from '@tarang/shared/plans/plan.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { PLAN_SHARES } from './get-plan-shares';
import { plansResource } from './get-plans';

/** PUT /plans/{id} (staff): an edit, or `status` to retire or bring back a plan. */
export async function updatePlan({ id, data }: { id: string; data: TPlanUpdate }): Promise<{ plan: TPlan; message?: string }> {
  const response = await api.put<TPlan>(plansResource.itemPath(id), data);
  return { plan: response.data, message: response.message };
}

/** The shares show the plan's name and status: they are read again too. */
export const useUpdatePlan = () => useResourceMutation(plansResource, updatePlan, { saved: (r) => r.plan, alsoStale: [PLAN_SHARES] });
