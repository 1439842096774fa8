import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrganization, TOrganizationUpdate } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';

/** PUT /organization/{id}. */
export async function updateOrganization({
  id,
  data,
}: {
  id: string;
  data: TOrganizationUpdate;
}): Promise<{ organization: TOrganization; message?: string }> {
  const response = await api.put<TOrganization>(`/organization/${encodeURIComponent(id)}`, data);
  return { organization: response.data, message: response.message };
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: ({ organization }) => {
      queryClient.setQueryData(['organizations', 'detail', organization.id], organization);
      return queryClient.invalidateQueries({ queryKey: ['organizations'] });
    },
  });
}
