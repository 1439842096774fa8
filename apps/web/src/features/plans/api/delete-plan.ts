import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { plansResource } from './get-plans';

/** DELETE /plans/{id}: a plan nobody uses (409 with the reason otherwise). */
export async function deletePlan(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(plansResource.itemPath(id));
  return { message: response.message };
}

export const useDeletePlan = () => useResourceMutation(plansResource, deletePlan);
