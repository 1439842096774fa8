import type { TOrganization, TOrganizationCreate } from '@tarang/shared/organizations/organization.schemas';
import { organizationsResource } from '@/api/organizations-resource';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';

/** POST /organization. */
export async function createOrganization(input: TOrganizationCreate): Promise<{ organization: TOrganization; message?: string }> {
  const response = await api.post<TOrganization>(organizationsResource.path, input);
  return { organization: response.data, message: response.message };
}

export const useCreateOrganization = () => useResourceMutation(organizationsResource, createOrganization);
