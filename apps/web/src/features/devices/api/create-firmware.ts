import type { TFirmware, TFirmwareCreate } from '@tarang/shared/devices/firmware.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { firmwareResource } from './get-firmware';

/** POST /firmware (staff): a version of a make and model, once (409 naming `version` when it is there already). */
export async function createFirmware(body: TFirmwareCreate): Promise<{ firmware: TFirmware; message?: string }> {
  const response = await api.post<TFirmware>(firmwareResource.path, body);
  return { firmware: response.data, message: response.message };
}

export const useCreateFirmware = () => useResourceMutation(firmwareResource, createFirmware, { saved: (r) => r.firmware });
