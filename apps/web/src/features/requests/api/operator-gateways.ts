import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGatewaySettings, ZGatewaySettingsUpdate } from '@tarang/shared/requests/request.schemas';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type { TGatewaySettings };
export type TGatewaySettingsUpdate = z.infer<typeof ZGatewaySettingsUpdate>;

const GATEWAYS_KEY = ['operator-gateways'] as const;

/** GET /operator-gateway: each operator's gateway limits and the simulator's behaviour (staff with the MNO job report). */
export async function getOperatorGateways(signal?: AbortSignal): Promise<TGatewaySettings[]> {
  return (await api.get<TGatewaySettings[]>('/operator-gateway', { signal })).data;
}

export const operatorGatewaysQueryOptions = () =>
  queryOptions({
    queryKey: GATEWAYS_KEY,
    queryFn: ({ signal }) => getOperatorGateways(signal),
  });

export function useOperatorGateways(enabled = true) {
  return useQuery({ ...operatorGatewaysQueryOptions(), enabled });
}

/** PUT /operator-gateway/{operator}: change some of an operator's settings; running MNO jobs read them on their next run. */
export async function updateOperatorGateway(input: {
  operator: string;
  changes: TGatewaySettingsUpdate;
}): Promise<{ settings: TGatewaySettings; message?: string }> {
  const response = await api.put<TGatewaySettings>(`/operator-gateway/${encodeURIComponent(input.operator)}`, input.changes);
  return { settings: response.data, message: response.message };
}

export function useUpdateOperatorGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperatorGateway,
    onSuccess: async ({ settings }) => {
      queryClient.setQueryData<TGatewaySettings[]>(GATEWAYS_KEY, (rows) =>
        rows?.map((row) => (row.operator === settings.operator ? settings : row)),
      );
      await queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });
    },
  });
}
