import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TLoginKey, ZLoginKey } from '@tarang/shared/auth/auth.schemas';
import type { TRecoveryCodes, TTwoFactorLoginResponseData, TTwoFactorSetup } from '@tarang/shared/auth/two-factor.schemas';
import { api } from '@/lib/api-client';

/** Seals the password for the server (docs/decisions/004-password-sealing.md); the sealing code loads on first use. */
async function sealPassword(password: string): Promise<string> {
  const [response, { sealPassword: seal }] = await Promise.all([
    api.get<TLoginKey>('/auth/login-key', { auth: false }),
    import('@tarang/shared/auth/seal-password'),
  ]);
  return await seal(ZLoginKey.parse(response.data), password);
}

/** POST /auth/two-factor/setup: a new key for the signed-in user, after their password. */
export async function startTwoFactorSetup(password: string): Promise<TTwoFactorSetup> {
  return (await api.post<TTwoFactorSetup>('/auth/two-factor/setup', { password: await sealPassword(password) })).data;
}

/** POST /auth/two-factor/confirm: the first code of the new key turns two-factor sign-in on; the recovery codes, once. */
export async function confirmTwoFactorSetup(code: string): Promise<TRecoveryCodes> {
  return (await api.post<TRecoveryCodes>('/auth/two-factor/confirm', { code })).data;
}

export function useConfirmTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactorSetup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['two-factor'] }),
  });
}

/** POST /auth/login/two-factor/setup: during a staff sign-in that must set it up, the key to add. */
export async function startSignInSetup(challenge: string): Promise<TTwoFactorSetup> {
  return (await api.post<TTwoFactorSetup>('/auth/login/two-factor/setup', { challenge }, { auth: false })).data;
}

/** POST /auth/login/two-factor with the first code of the new key: two-factor sign-in on, the session and the recovery codes. */
export async function completeSignInSetup(challenge: string, code: string): Promise<TTwoFactorLoginResponseData> {
  return (await api.post<TTwoFactorLoginResponseData>('/auth/login/two-factor', { challenge, code }, { auth: false })).data;
}
