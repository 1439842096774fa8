import { useQuery } from '@tanstack/react-query';
import type { TFirmware } from '@tarang/shared/devices/firmware.schemas';
import { defineResource, type TPage } from '@/lib/resource';

/** The firmware catalogue (/firmware): each version of a make and model, with its release notes and file checksum. */
export const firmwareResource = defineResource<TFirmware>('firmware', '/firmware');

/** The read of a page of the catalogue: a make and model (compared without case), page and size. */
export type TFirmwareParams = { page: number; limit: number; make?: string; model?: string };

/** GET /firmware: one page of the catalogue, by make and model, newest version first within each. */
export function getFirmware(params: TFirmwareParams, signal?: AbortSignal): Promise<TPage<TFirmware>> {
  return firmwareResource.fetchPage(params, signal);
}

export const firmwareOptions = (params: TFirmwareParams, enabled = true) =>
  firmwareResource.listOptions([params], (signal) => getFirmware(params, signal), { enabled });

export const useFirmware = (params: TFirmwareParams, enabled = true) => useQuery(firmwareOptions(params, enabled));
