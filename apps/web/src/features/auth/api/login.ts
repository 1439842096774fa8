import type { TLoginResult, TTwoFactorLoginResponseData } from '@tarang/shared/auth/two-factor.schemas';
import { normalizeUsername } from '@tarang/shared/format/username';
import { api, type TEnvelope } from '@/lib/api-client';
import { sealPasswords } from '@/lib/seal-passwords';
import { secondFactorBody } from '@/lib/second-factor';

export type TLoginInput = { username: string; password: string };

/**
 * POST /auth/login with the username (+91 added to a bare phone number) and the sealed password: a session, or the
 * second step it waits for (docs/decisions/023-two-factor-sign-in.md).
 */
export async function login(input: TLoginInput): Promise<TEnvelope<TLoginResult>> {
  const [password] = await sealPasswords([input.password]);
  return await api.post<TLoginResult>('/auth/login', { username: normalizeUsername(input.username), password }, { auth: false });
}

/** POST /auth/login/two-factor: the challenge of the password step with a code or a recovery code; starts the session. */
export async function loginSecondStep(challenge: string, typed: string): Promise<TEnvelope<TTwoFactorLoginResponseData>> {
  return await api.post<TTwoFactorLoginResponseData>('/auth/login/two-factor', { challenge, ...secondFactorBody(typed) }, { auth: false });
}
