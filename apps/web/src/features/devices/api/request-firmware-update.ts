import { useMutation } from '@tanstack/react-query';
import type { TFirmwareUpdateCreate, TFirmwareUpdateResult } from '@tarang/shared/devices/firmware.schemas';
import { IDEMPOTENCY_HEADER } from '@tarang/shared/requests/request.constants';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { devicesResource } from './get-devices';

const PATH = '/device/firmware-update';

/** POST /device/firmware-update with `dryRun`: how many devices can take the version, and each one that cannot, with why. */
export async function checkFirmwareUpdate(
  body: Omit<TFirmwareUpdateCreate, 'dryRun' | 'proceedWithValid'>,
): Promise<TFirmwareUpdateResult> {
  return (await api.post<TFirmwareUpdateResult>(PATH, { ...body, dryRun: true })).data;
}

/** A dry run changes nothing: no read is made stale. */
export const useCheckFirmwareUpdate = () => useMutation({ mutationFn: checkFirmwareUpdate });

/**
 * POST /device/firmware-update (Update Firmware): a FIRMWARE_UPDATE request, made once per Idempotency-Key; refused
 * (422 naming `deviceIds`) when some devices cannot take it, unless `proceedWithValid`.
 */
export async function requestFirmwareUpdate({
  body,
  key,
}: {
  body: Omit<TFirmwareUpdateCreate, 'dryRun'>;
  key: string;
}): Promise<TFirmwareUpdateResult & { message?: string }> {
  const response = await api.post<TFirmwareUpdateResult>(PATH, body, { headers: { [IDEMPOTENCY_HEADER]: key } });
  return { ...response.data, message: response.message };
}

/** The request joins the queue: requests are read again (and the devices, whose firmware it will change). */
export const useRequestFirmwareUpdate = () => useResourceMutation(devicesResource, requestFirmwareUpdate, { alsoStale: ['requests'] });
