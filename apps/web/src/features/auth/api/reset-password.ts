import { api } from '@/lib/api-client';
import { sealPasswords } from '@/lib/seal-passwords';

export type TResetPasswordInput =
  /** A code from the forgot-password message, with the handle that request returned. */
  | { kind: 'otp'; otpToken: string; otp: string; password: string }
  /** A link token from an invitation or set-password mail. */
  | { kind: 'link'; token: string; password: string };

/** POST /auth/reset-password?otp={otp} { otpToken, password } or ?token={token} { password }. */
export async function resetPassword(input: TResetPasswordInput): Promise<{ message?: string }> {
  const [password] = await sealPasswords([input.password]);
  const response =
    input.kind === 'otp'
      ? await api.post<null>('/auth/reset-password', { otpToken: input.otpToken, password }, { auth: false, params: { otp: input.otp } })
      : await api.post<null>('/auth/reset-password', { password }, { auth: false, params: { token: input.token } });
  return { message: response.message };
}
