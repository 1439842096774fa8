import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrganization, TOrganizationCreate } from '@tarang/shared/organizations/organization.schemas';
import { api } from '@/lib/api-client';

/** POST /organization. */
export async function createOrganization(input: TOrganizationCreate): Promise<{ organization: TOrganization; message?: string }> {
  const response = await api.post<TOrganization>('/organization', input);
  return { organization: response.data, message: response.message };
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
