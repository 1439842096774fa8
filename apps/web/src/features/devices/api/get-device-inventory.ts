import { useQuery } from '@tanstack/react-query';
import type { TDevice } from '@tarang/shared/devices/device.schemas';
import type { TPage } from '@/lib/resource';
import { devicesResource, type TDeviceParams } from './get-devices';

export const INVENTORY_PATH = '/device-inventory';

export type TInventoryParams = Omit<TDeviceParams, 'linked'>;

/** GET /device-inventory: one page of the devices holding no SIM (staff: the provider's stock too). */
export function getDeviceInventory(params: TInventoryParams, signal?: AbortSignal): Promise<TPage<TDevice>> {
  return devicesResource.fetchPage(params, signal, INVENTORY_PATH);
}

/** A page of the inventory: a list of the devices resource, so a saved or deleted device updates it too. */
export const deviceInventoryOptions = (params: TInventoryParams, enabled = true) =>
  devicesResource.listOptions(['inventory', params], (signal) => getDeviceInventory(params, signal), { enabled });

export const useDeviceInventory = (params: TInventoryParams, enabled = true) => useQuery(deviceInventoryOptions(params, enabled));
