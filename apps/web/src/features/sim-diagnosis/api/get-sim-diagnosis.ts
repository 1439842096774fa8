import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSimDiagnosis } from '@tarang/shared/sims/diagnosis.schemas';
import { api } from '@/lib/api-client';
import type { TSimIdentifier } from '../utils/identifier';

export const simDiagnosisKeys = {
  all: ['sim-diagnosis'] as const,
  of: (id: TSimIdentifier) => ['sim-diagnosis', id.kind, id.value] as const,
};

/** GET /sim/sim-diagnosis: the checks of one SIM, from what the operators last reported (no operator is called). */
export async function getSimDiagnosis(id: TSimIdentifier, signal?: AbortSignal): Promise<TSimDiagnosis> {
  return (await api.get<TSimDiagnosis>('/sim/sim-diagnosis', { params: { [id.kind]: id.value }, signal })).data;
}

export const useSimDiagnosis = (id: TSimIdentifier | null) =>
  useQuery({
    queryKey: id ? simDiagnosisKeys.of(id) : simDiagnosisKeys.all,
    queryFn: ({ signal }) => getSimDiagnosis(id!, signal),
    enabled: id !== null,
    retry: false,
  });

/** POST /sim/sim-diagnosis/refresh (Refresh): the SIM's operators asked again, then the checks; the page shows them. */
export async function refreshSimDiagnosis(id: TSimIdentifier): Promise<TSimDiagnosis & { message?: string }> {
  const response = await api.post<TSimDiagnosis>('/sim/sim-diagnosis/refresh', { [id.kind]: id.value });
  return { ...response.data, message: response.message };
}

export function useRefreshSimDiagnosis(id: TSimIdentifier | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshSimDiagnosis(id!),
    onSuccess: ({ message: _message, ...diagnosis }) => {
      if (id) queryClient.setQueryData(simDiagnosisKeys.of(id), diagnosis);
    },
  });
}
