import { z } from 'zod';
import { text } from '../common/text';
import { ZLoginResponseData } from './auth.schemas';
import { ZSealedPassword } from './sealed-password';

/**
 * Two-factor sign-in with an authenticator app (RFC 6238 TOTP) and one-time recovery codes
 * (docs/decisions/023-two-factor-sign-in.md). Shared by the server's routes and the console's forms.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_ISSUER = 'Tarang';
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  totpFormat: 'code must be the 6 digits your authenticator app shows',
  recoveryFormat: 'recoveryCode must be a recovery code (12 letters and digits, dashes optional)',
  oneOfCodes: 'Give either code or recoveryCode',
  challengeExpired: 'This sign-in has expired; sign in again',
  alreadyOn: 'Two-factor sign-in is already on; turn it off first to set it up again',
  notOn: 'Two-factor sign-in is not on',
  notStarted: 'Start the set-up first: no authenticator key is waiting to be confirmed',
  requiredForStaff: 'Two-factor sign-in is required for staff accounts and cannot be turned off',
  notOwnReset: 'Use your profile to turn off your own two-factor sign-in',
  userNotEnrolled: 'This user has not set up two-factor sign-in',
  verifyStep: 'Enter the code from your authenticator app',
  enrolStep: 'Set up two-factor sign-in to continue',
} as const;

/** A code from the authenticator app: six digits (spaces typed between groups are removed). */
export const ZTotpCode = text()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.totpFormat));

/** A recovery code as shown (`abcd-efgh-jkmn`), dashes and spaces optional, either case. */
export const ZRecoveryCode = text()
  .max(40, TWO_FACTOR_MESSAGES.recoveryFormat)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{12}$/, TWO_FACTOR_MESSAGES.recoveryFormat));

const ZChallengeHandle = text().min(1, 'challenge is required').max(512);

/** The second step of a sign-in: the challenge it answers, with a code or a recovery code. */
export const ZTwoFactorLoginRequest = z
  .object({ challenge: ZChallengeHandle, code: ZTotpCode.optional(), recoveryCode: ZRecoveryCode.optional() })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), { message: TWO_FACTOR_MESSAGES.oneOfCodes, path: ['code'] });
export type TTwoFactorLoginRequest = z.infer<typeof ZTwoFactorLoginRequest>;

export const ZTwoFactorChallengeRequest = z.object({ challenge: ZChallengeHandle }).strict();

/** Setting up a new key while signed in asks for the password again (sealed, as at sign-in). */
export const ZTwoFactorSetupRequest = z.object({ password: ZSealedPassword }).strict();

/**
 * What a correct password answers when a second step is due: `verify` (a code or a recovery code) or `enrol` (a staff
 * user without two-factor sign-in sets it up now; the challenge allows nothing else). No session exists yet.
 */
export const ZTwoFactorChallenge = z.object({
  challenge: z.string(),
  step: z.enum(['verify', 'enrol']),
  expiresAt: z.string(),
});
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

export const ZLoginChallengeData = z.object({ twoFactor: ZTwoFactorChallenge });
export type TLoginChallengeData = z.infer<typeof ZLoginChallengeData>;

/** `POST /auth/login`: a session, or the second step it waits for. */
export const ZLoginResult = z.union([ZLoginResponseData, ZLoginChallengeData]);
export type TLoginResult = z.infer<typeof ZLoginResult>;

export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** The session of a completed second step; after an enrolment, also the recovery codes (shown once). */
export const ZTwoFactorLoginResponseData = ZLoginResponseData.extend({ recoveryCodes: ZRecoveryCodes.shape.recoveryCodes.optional() });
export type TTwoFactorLoginResponseData = z.infer<typeof ZTwoFactorLoginResponseData>;

/** A key waiting for its first code: shown once, as a QR code (the URI) and as text (the base32 secret). */
export const ZTwoFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string(), issuer: z.string(), account: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Whether this account must have it (staff, when the server requires it). */
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const ZTwoFactorCodeRequest = z.object({ code: ZTotpCode }).strict();

/** Turning it off: a current code, or a recovery code for someone whose device is gone. */
export const ZTwoFactorDisableRequest = z
  .object({ code: ZTotpCode.optional(), recoveryCode: ZRecoveryCode.optional() })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), { message: TWO_FACTOR_MESSAGES.oneOfCodes, path: ['code'] });
