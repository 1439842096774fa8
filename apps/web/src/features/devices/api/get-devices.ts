import { useQuery } from '@tanstack/react-query';
import type { TDevice } from '@tarang/shared/devices/device.schemas';
import { defineResource, type TPage } from '@/lib/resource';

/** Devices: /device (the list, a device, Show Vehicle) and /device-inventory (those holding no SIM). */
export const devicesResource = defineResource<TDevice>('devices', '/device');

/** The read of a page: page and size, the start of an IMEI, serial or registration, an organisation, linked or not. */
export type TDeviceParams = { page: number; limit: number; search?: string; organizationId?: string; linked?: 'true' | 'false' };

/** GET /device: one page of the devices in reach, newest first, with the total. */
export function getDevices(params: TDeviceParams, signal?: AbortSignal): Promise<TPage<TDevice>> {
  return devicesResource.fetchPage(params, signal);
}

export const devicesOptions = (params: TDeviceParams, enabled = true) =>
  devicesResource.listOptions([params], (signal) => getDevices(params, signal), { enabled });

export const useDevices = (params: TDeviceParams, enabled = true) => useQuery(devicesOptions(params, enabled));
