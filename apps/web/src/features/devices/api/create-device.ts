import type { TDevice, TDeviceCreate } from '@tarang/shared/devices/device.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { devicesResource } from './get-devices';

/** A saved device, and the IMEI_LOCK request made when its SIM was locked to it. */
export type TDeviceSavedAnswer = { device: TDevice; lockRequest: { id: string; batchJobId: string } | null; message?: string };

/** POST /device (Add Device): to the caller's organisation (or one in reach), optionally holding a SIM locked to its IMEI. */
export async function createDevice(body: TDeviceCreate): Promise<TDeviceSavedAnswer> {
  const response = await api.post<Omit<TDeviceSavedAnswer, 'message'>>(devicesResource.path, body);
  return { ...response.data, message: response.message };
}

/** The SIM's details name its device, and a lock is a request: both are read again. */
export const useCreateDevice = () =>
  useResourceMutation(devicesResource, createDevice, { saved: (r) => r.device, alsoStale: ['sims', 'sim-device-details', 'requests'] });
