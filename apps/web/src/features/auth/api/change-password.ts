import { normalizeUsername } from '@tarang/shared/format/username';
import { api } from '@/lib/api-client';
import { sealPasswords } from '@/lib/seal-passwords';

export type TChangePasswordInput = { username: string; currentPassword: string; newPassword: string };

/** POST /auth/change-password { username, password, newpassword }, both sealed with one login key. */
export async function changePassword(input: TChangePasswordInput): Promise<{ message?: string }> {
  const [password, newpassword] = await sealPasswords([input.currentPassword, input.newPassword]);
  const response = await api.post<null>('/auth/change-password', { username: normalizeUsername(input.username), password, newpassword });
  return { message: response.message };
}
