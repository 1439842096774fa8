import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrganizationSettings } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';

/** PUT /organization/{id}/settings. */
export async function updateOrganizationSettings({
  id,
  data,
}: {
  id: string;
  data: Partial<TOrganizationSettings>;
}): Promise<{ settings: TOrganizationSettings; message?: string }> {
  const response = await api.put<TOrganizationSettings>(`/organization/${encodeURIComponent(id)}/settings`, data);
  return { settings: response.data, message: response.message };
}

export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
