import type { TRecoveryCodes } from '@tarang/shared/auth/two-factor.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { secondFactorBody } from '@/lib/second-factor';
import { twoFactorResource } from './get-two-factor-status';

/** POST /auth/two-factor/disable with a current code or a recovery code. */
export async function disableTwoFactor(typed: string): Promise<void> {
  await api.post<null>(`${twoFactorResource.path}/disable`, secondFactorBody(typed));
}

/** POST /auth/two-factor/recovery-codes: ten new codes for a current code; the earlier ones stop working. */
export async function regenerateRecoveryCodes(code: string): Promise<TRecoveryCodes> {
  return (await api.post<TRecoveryCodes>(`${twoFactorResource.path}/recovery-codes`, { code: code.replace(/\s/g, '') })).data;
}

export const useDisableTwoFactor = () => useResourceMutation(twoFactorResource, disableTwoFactor);

export const useRegenerateRecoveryCodes = () => useResourceMutation(twoFactorResource, regenerateRecoveryCodes);
