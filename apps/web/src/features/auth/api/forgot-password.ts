import { normalizeUsername } from '@tarang/shared/format/username';
import { api } from '@/lib/api-client';

/** POST /auth/forgot-password: sends a 6-digit code by e-mail or SMS; answers with the handle to reset with. */
export async function requestPasswordReset(username: string): Promise<{ otpToken: string; message?: string }> {
  const response = await api.post<{ otpToken: string }>(
    '/auth/forgot-password',
    { username: normalizeUsername(username) },
    { auth: false },
  );
  return { otpToken: response.data.otpToken, message: response.message };
}
