import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../common/limits';
import { MESSAGES } from '../common/messages';
import { text } from '../common/text';
import { ZAuthScopes } from '../roles/auth-scopes';
import { ZUser } from '../users/user.schemas';
import { ZSealedPassword } from './sealed-password';

/** Login form of the console (spec §5). */
export const ZLoginForm = z.object({
  username: text().trim().min(1, MESSAGES.usernameRequired).max(USERNAME_MAX, MESSAGES.usernameRequired),
  password: z.string().min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX, MESSAGES.passwordRequired),
  terms: z.literal(true, { error: MESSAGES.termsRequired }),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

/** Change-password form of the console (spec §5). */
export const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.currentPasswordRequired),
    newPassword: z.string().min(1, MESSAGES.newPasswordRequired).min(PASSWORD_MIN, MESSAGES.newPasswordTooShort).max(PASSWORD_MAX),
    confirmPassword: z.string().min(1, MESSAGES.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: MESSAGES.confirmPasswordMismatch });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** A password policy check shared by every place a new password is chosen. */
export const ZNewPasswordPlain = z
  .string()
  .min(PASSWORD_MIN, MESSAGES.newPasswordTooShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const ZLoginKey = z.object({
  keyId: z.string(),
  jwk: z.record(z.string(), z.unknown()),
  nonce: z.string(),
  expiresAt: z.string(),
});
export type TLoginKey = z.infer<typeof ZLoginKey>;

export const ZUsername = text()
  .trim()
  .min(1, MESSAGES.usernameRequired)
  .max(USERNAME_MAX, `username must be at most ${USERNAME_MAX} characters`);

export const ZLoginRequest = z.object({ username: ZUsername, password: ZSealedPassword }).strict();

export const ZTokenPair = z.object({
  access: z.object({ token: z.string(), expires: z.string() }),
  refresh: z.object({ token: z.string(), expires: z.string() }),
});
export type TTokenPair = z.infer<typeof ZTokenPair>;

export const ZLoginResponseData = z.object({
  user: ZUser,
  role: z.object({ name: z.string(), authScopes: ZAuthScopes }),
  token: ZTokenPair,
});
export type TLoginResponseData = z.infer<typeof ZLoginResponseData>;

export const ZRefreshRequest = z.object({ refreshToken: text().min(1, 'refreshToken is required').max(512) }).strict();
export const ZLogoutRequest = ZRefreshRequest;
export const ZForgotPasswordRequest = z.object({ username: ZUsername }).strict();
export const ZForgotPasswordResponseData = z.object({ otpToken: z.string() });
export const ZResetWithOtpRequest = z.object({ otpToken: text().min(1).max(512), password: ZSealedPassword }).strict();
export const ZResetWithTokenRequest = z.object({ password: ZSealedPassword }).strict();
export const ZResetQuery = z
  .object({
    otp: text()
      .regex(/^\d{6}$/, 'otp must be 6 digits')
      .optional(),
    token: text().min(1).max(512).optional(),
  })
  .strict()
  .refine((q) => Boolean(q.otp) !== Boolean(q.token), { message: 'Give either otp or token', path: ['otp'] });
export const ZChangePasswordRequest = z.object({ username: ZUsername, password: ZSealedPassword, newpassword: ZSealedPassword }).strict();
