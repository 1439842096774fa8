import type { TPlan, TPlanCreate } from '@tarang/shared/plans/plan.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { plansResource } from './get-plans';

/** POST /plans (staff). */
export async function createPlan(input: TPlanCreate): Promise<{ plan: TPlan; message?: string }> {
  const response = await api.post<TPlan>(plansResource.path, input);
  return { plan: response.data, message: response.message };
}

export const useCreatePlan = () => useResourceMutation(plansResource, createPlan);
