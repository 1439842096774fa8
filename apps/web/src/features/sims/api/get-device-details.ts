import { useQuery } from '@tanstack/react-query';
import type { TDeviceDetails } from '@tarang/shared/sims/diagnosis.schemas';
import { api } from '@/lib/api-client';

/** GET /sim/device-details (Fetch Device Details): the IMEI the SIM was last seen in, its make and model, its device. */
export const useDeviceDetails = (iccid: string) =>
  useQuery({
    queryKey: ['sim-device-details', iccid],
    queryFn: async ({ signal }) => (await api.get<TDeviceDetails>('/sim/device-details', { params: { iccid }, signal })).data,
    retry: false,
    staleTime: 0,
  });
