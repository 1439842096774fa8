import type { TRecoveryCodes, TTwoFactorLoginResponseData, TTwoFactorSetup } from '@tarang/shared/auth/two-factor.schemas';
import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { sealPasswords } from '@/lib/seal-passwords';
import { twoFactorResource } from './get-two-factor-status';

/** POST /auth/two-factor/setup: a new key for the signed-in user, after their password. */
export async function startTwoFactorSetup(password: string): Promise<TTwoFactorSetup> {
  const [sealed] = await sealPasswords([password]);
  return (await api.post<TTwoFactorSetup>(`${twoFactorResource.path}/setup`, { password: sealed })).data;
}

/** POST /auth/two-factor/confirm: the first code of the new key turns two-factor sign-in on; the recovery codes, once. */
export async function confirmTwoFactorSetup(code: string): Promise<TRecoveryCodes> {
  return (await api.post<TRecoveryCodes>(`${twoFactorResource.path}/confirm`, { code })).data;
}

export const useConfirmTwoFactorSetup = () => useResourceMutation(twoFactorResource, confirmTwoFactorSetup);

/** POST /auth/login/two-factor/setup: during a staff sign-in that must set it up, the key to add. */
export async function startSignInSetup(challenge: string): Promise<TTwoFactorSetup> {
  return (await api.post<TTwoFactorSetup>('/auth/login/two-factor/setup', { challenge }, { auth: false })).data;
}

/** POST /auth/login/two-factor with the first code of the new key: two-factor sign-in on, the session and the recovery codes. */
export async function completeSignInSetup(challenge: string, code: string): Promise<TTwoFactorLoginResponseData> {
  return (await api.post<TTwoFactorLoginResponseData>('/auth/login/two-factor', { challenge, code }, { auth: false })).data;
}
