import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecoveryCodes } from '@tarang/shared/auth/two-factor.schemas';
import { api } from '@/lib/api-client';
import { secondFactorBody } from '@/lib/second-factor';

/** POST /auth/two-factor/disable with a current code or a recovery code. */
export async function disableTwoFactor(typed: string): Promise<void> {
  await api.post<null>('/auth/two-factor/disable', secondFactorBody(typed));
}

/** POST /auth/two-factor/recovery-codes: ten new codes for a current code; the earlier ones stop working. */
export async function regenerateRecoveryCodes(code: string): Promise<TRecoveryCodes> {
  return (await api.post<TRecoveryCodes>('/auth/two-factor/recovery-codes', { code: code.replace(/\s/g, '') })).data;
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['two-factor'] }) });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['two-factor'] }),
  });
}
