import type { TDeviceUpdate } from '@tarang/shared/devices/device.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import type { TDeviceSavedAnswer } from './create-device';
import { devicesResource } from './get-devices';

/** PUT /device/{id} (Edit): only what is sent changes; `simIccid: null` unlinks, `vehicle`/`endUser` null take them off. */
export async function updateDevice({ id, body }: { id: string; body: TDeviceUpdate }): Promise<TDeviceSavedAnswer> {
  const response = await api.put<Omit<TDeviceSavedAnswer, 'message'>>(devicesResource.itemPath(id), body);
  return { ...response.data, message: response.message };
}

export const useUpdateDevice = () =>
  useResourceMutation(devicesResource, updateDevice, { saved: (r) => r.device, alsoStale: ['sims', 'sim-device-details', 'requests'] });
