import type { TBlueprint, TBlueprintCreate } from '@tarang/shared/plans/plan.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { planSharesResource } from './get-plan-shares';
import { plansResource } from './get-plans';

/** POST /plans/share: shares a plan with an organisation at a price (at least the sharer's own). */
export async function sharePlan(input: TBlueprintCreate): Promise<{ share: TBlueprint; message?: string }> {
  const response = await api.post<TBlueprint>(planSharesResource.path, input);
  return { share: response.data, message: response.message };
}

/** A plan's shared count changes with it. */
export const useSharePlan = () => useResourceMutation(planSharesResource, sharePlan, { alsoStale: [plansResource.key] });
