import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { numberGroupsResource } from './get-number-groups';

/** DELETE /whitelist/number-group/{id}/numbers/{number}: the number as stored ('+919876543210'), encoded for the path. */
export async function deleteGroupNumber({ groupId, number }: { groupId: string; number: string }): Promise<{ message?: string }> {
  const response = await api.delete<null>(numberGroupsResource.itemPath(groupId, `/numbers/${encodeURIComponent(number)}`));
  return { message: response.message };
}

/** The group's count of numbers changes with it. */
export const useDeleteGroupNumber = () => useResourceMutation(numberGroupsResource, deleteGroupNumber);
