import { useQuery } from '@tanstack/react-query';
import type { TGatewaySettings, ZGatewaySettingsUpdate } from '@tarang/shared/requests/request.schemas';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { defineResource, useResourceMutation } from '@/lib/resource';

export type { TGatewaySettings };
export type TGatewaySettingsUpdate = z.infer<typeof ZGatewaySettingsUpdate>;

/** Each operator's gateway settings: /operator-gateway and /operator-gateway/{operator}. */
const gatewaysResource = defineResource<TGatewaySettings>('operator-gateways', '/operator-gateway', { idOf: (g) => g.operator });

/** GET /operator-gateway: each operator's gateway limits and the simulator's behaviour (staff with the MNO job report). */
export const useOperatorGateways = (enabled = true) =>
  useQuery(
    gatewaysResource.listOptions([], async (signal) => (await api.get<TGatewaySettings[]>(gatewaysResource.path, { signal })).data, {
      enabled,
    }),
  );

/** PUT /operator-gateway/{operator}: change some of an operator's settings; running MNO jobs read them on their next run. */
export async function updateOperatorGateway(input: {
  operator: string;
  changes: TGatewaySettingsUpdate;
}): Promise<{ settings: TGatewaySettings; message?: string }> {
  const response = await api.put<TGatewaySettings>(gatewaysResource.itemPath(input.operator), input.changes);
  return { settings: response.data, message: response.message };
}

export const useUpdateOperatorGateway = () => useResourceMutation(gatewaysResource, updateOperatorGateway, { saved: (r) => r.settings });
