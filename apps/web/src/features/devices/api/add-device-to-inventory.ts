import type { TDeviceCreate } from '@tarang/shared/devices/device.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import type { TDeviceSavedAnswer } from './create-device';
import { INVENTORY_PATH } from './get-device-inventory';
import { devicesResource } from './get-devices';

/** POST /device-inventory: a device into stock (staff, unless an organisation is named), or the caller's organisation. */
export async function addDeviceToInventory(body: Omit<TDeviceCreate, 'simIccid' | 'lockSimToImei'>): Promise<TDeviceSavedAnswer> {
  const response = await api.post<Omit<TDeviceSavedAnswer, 'message'>>(INVENTORY_PATH, body);
  return { ...response.data, message: response.message };
}

export const useAddDeviceToInventory = () => useResourceMutation(devicesResource, addDeviceToInventory, { saved: (r) => r.device });
