import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { devicesResource } from './get-devices';

/**
 * DELETE /device/{id}: refused (409 naming `unlink`) while the device holds a SIM in service, unless `unlink` takes
 * the SIM off in the same call.
 */
export async function deleteDevice({ id, unlink = false }: { id: string; unlink?: boolean }): Promise<{ message?: string }> {
  const response = await api.delete<null>(devicesResource.itemPath(id), unlink ? { params: { unlink: 'true' } } : {});
  return { message: response.message };
}

export const useDeleteDevice = () => useResourceMutation(devicesResource, deleteDevice, { alsoStale: ['sims', 'sim-device-details'] });
