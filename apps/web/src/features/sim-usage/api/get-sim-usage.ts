import { useQuery } from '@tanstack/react-query';
import { type TSimUsage, USAGE_CHART_DAYS } from '@tarang/shared/sims/usage.schemas';
import { api } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';

/** A SIM's usage per day and against its plan's allowance (read only: the daily ingest writes it). */
export const simUsageResource = defineResource<TSimUsage>('sim-usage', '/sim/usage');

/** GET /sim/usage: the SIM's last days (to yesterday, India) by its primary ICCID, and its use of its plan's allowance. */
export async function getSimUsage(iccid: string, signal?: AbortSignal): Promise<TSimUsage> {
  return (await api.get<TSimUsage>(simUsageResource.path, { params: { iccid, days: USAGE_CHART_DAYS }, signal })).data;
}

/** The read of one SIM's usage; the days change once a day, so an answer stays fresh for a minute. */
export const simUsageOptions = (iccid: string, enabled = true) =>
  simUsageResource.readOptions(simUsageResource.keys.of('sim', iccid), (signal) => getSimUsage(iccid, signal), {
    enabled,
    staleTime: 60_000,
  });

export const useSimUsage = (iccid: string, enabled = true) => useQuery({ ...simUsageOptions(iccid, enabled), retry: false });
