import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { firmwareResource } from './get-firmware';

/** DELETE /firmware/{id} (staff): the version is withdrawn from the catalogue. */
export async function deleteFirmware(id: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(firmwareResource.itemPath(id));
  return { message: response.message };
}

export const useDeleteFirmware = () => useResourceMutation(firmwareResource, deleteFirmware);
