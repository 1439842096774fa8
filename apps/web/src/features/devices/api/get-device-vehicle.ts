import { useQuery } from '@tanstack/react-query';
import type { TDeviceVehicle } from '@tarang/shared/devices/device.schemas';
import { api } from '@/lib/api-client';
import { devicesResource } from './get-devices';

/** GET /device/{id}/vehicle (Show Vehicle): the vehicle the device is fitted to, with the device and its SIM. */
export async function getDeviceVehicle(id: string, signal?: AbortSignal): Promise<TDeviceVehicle> {
  return (await api.get<TDeviceVehicle>(devicesResource.itemPath(id, '/vehicle'), { signal })).data;
}

export const useDeviceVehicle = (id: string) =>
  useQuery(devicesResource.readOptions(devicesResource.keys.of('vehicle', id), (signal) => getDeviceVehicle(id, signal)));
