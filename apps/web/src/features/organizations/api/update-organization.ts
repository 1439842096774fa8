import type { TOrganization, TOrganizationUpdate } from '@tarang/shared/organizations/organization.schemas';
import { organizationsResource } from '@/api/organizations-resource';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';

/** PUT /organization/{id}. */
export async function updateOrganization({
  id,
  data,
}: {
  id: string;
  data: TOrganizationUpdate;
}): Promise<{ organization: TOrganization; message?: string }> {
  const response = await api.put<TOrganization>(organizationsResource.itemPath(id), data);
  return { organization: response.data, message: response.message };
}

export const useUpdateOrganization = () => useResourceMutation(organizationsResource, updateOrganization, { saved: (r) => r.organization });
