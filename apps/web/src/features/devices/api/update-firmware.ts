import type { TFirmware } from '@tarang/shared/devices/firmware.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { firmwareResource } from './get-firmware';

/** PUT /firmware/{id} (staff): the release notes only; the version and checksum stay as published. */
export async function updateFirmware({ id, releaseNotes }: { id: string; releaseNotes: string }) {
  const response = await api.put<TFirmware>(firmwareResource.itemPath(id), { releaseNotes });
  return { firmware: response.data, message: response.message };
}

export const useUpdateFirmware = () => useResourceMutation(firmwareResource, updateFirmware, { saved: (r) => r.firmware });
