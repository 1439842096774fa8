import type { TDeviceAssign } from '@tarang/shared/devices/device.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { INVENTORY_PATH } from './get-device-inventory';
import { devicesResource } from './get-devices';

export type TAssignAnswer = { assigned: number; skipped: { id: string; reason: string }[]; message?: string };

/** PUT /device-inventory/assign: devices holding no SIM given to an organisation in reach; the others named with why. */
export async function assignDevices(body: TDeviceAssign): Promise<TAssignAnswer> {
  const response = await api.put<Omit<TAssignAnswer, 'message'>>(`${INVENTORY_PATH}/assign`, body);
  return { ...response.data, message: response.message };
}

export const useAssignDevices = () => useResourceMutation(devicesResource, assignDevices);
