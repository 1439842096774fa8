import type { TOrganizationSettings } from '@tarang/shared/organizations/organization.schemas';
import { organizationsResource } from '@/api/organizations-resource';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';

/** PUT /organization/{id}/settings. */
export async function updateOrganizationSettings({
  id,
  data,
}: {
  id: string;
  data: Partial<TOrganizationSettings>;
}): Promise<{ settings: TOrganizationSettings; message?: string }> {
  const response = await api.put<TOrganizationSettings>(organizationsResource.itemPath(id, '/settings'), data);
  return { settings: response.data, message: response.message };
}

export const useUpdateOrganizationSettings = () => useResourceMutation(organizationsResource, updateOrganizationSettings);
