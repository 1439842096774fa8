import type { TLoginResponseData } from '@tarang/shared/auth/auth.schemas';
import { normalizeUsername } from '@tarang/shared/format/username';
import { api, type TEnvelope } from '@/lib/api-client';
import { sealPasswords } from './seal-passwords';

export type TLoginInput = { username: string; password: string };

/** POST /auth/login with the username (+91 added to a bare phone number) and the sealed password. */
export async function login(input: TLoginInput): Promise<TEnvelope<TLoginResponseData>> {
  const [password] = await sealPasswords([input.password]);
  return await api.post<TLoginResponseData>('/auth/login', { username: normalizeUsername(input.username), password }, { auth: false });
}
