import type { TBlueprint, TBlueprintUpdate } from '@tarang/shared/plans/plan.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { planSharesResource } from './get-plan-shares';
import { plansResource } from './get-plans';

/** PUT /plans/share/{id}: a new price, for activations made after it. */
export async function updatePlanShare({
  id,
  data,
}: {
  id: string;
  data: TBlueprintUpdate;
}): Promise<{ share: TBlueprint; message?: string }> {
  const response = await api.put<TBlueprint>(planSharesResource.itemPath(id), data);
  return { share: response.data, message: response.message };
}

export const useUpdatePlanShare = () =>
  useResourceMutation(planSharesResource, updatePlanShare, { saved: (r) => r.share, alsoStale: [plansResource.key] });
