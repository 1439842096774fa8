import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  PASSWORD_LEVELS,
  PASSWORD_REASONS,
  passwordReasonOfMessage,
  type TPasswordAssessment,
  type TPasswordOwner,
  type TPasswordReason,
} from '@tarang/shared/auth/password-rules';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, tMessage } from '@/lib/i18n/i18n';

/**
 * The strength meter of the forms where a new password is chosen, and the same rule as the server's
 * (`@tarang/shared/auth/password-strength`). The estimator and its dictionaries are large, so they load with
 * the first form that shows a meter, never with the sign-in page.
 */
type TStrengthModule = typeof import('@tarang/shared/auth/password-strength');

let loading: Promise<TStrengthModule> | null = null;

/** Loads the estimator once; a failed load is tried again next time. */
export function loadPasswordStrength(): Promise<TStrengthModule> {
  loading ??= import('@tarang/shared/auth/password-strength').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** A reason in the current language. */
export function passwordReasonText(reason: TPasswordReason): string {
  if (reason === 'tooShort') return tMessage('newPasswordTooShort');
  return i18n.t(`reasons.${reason}`, { ns: 'password', defaultValue: PASSWORD_REASONS[reason] });
}

/** A server message that is one of the password reasons, in the current language; null for any other message. */
export function translatePasswordMessage(message: string | null | undefined): string | null {
  const reason = passwordReasonOfMessage(message);
  return reason ? passwordReasonText(reason) : null;
}

/**
 * Why a new password would be refused, in the current language, or null when it would be accepted. If the
 * estimator cannot be loaded, null: the server applies the same rule.
 */
export async function findPasswordRefusal(password: string, owner: TPasswordOwner = {}): Promise<string | null> {
  let reason: TPasswordReason | null;
  try {
    reason = (await loadPasswordStrength()).assessPassword(password, owner).reason;
    await i18n.loadNamespaces('password');
  } catch {
    return null;
  }
  return reason ? passwordReasonText(reason) : null;
}

/** The assessment of `password` as it is typed; null while the estimator loads or the field is empty. */
export function usePasswordAssessment(password: string, owner: TPasswordOwner): TPasswordAssessment | null {
  const [estimator, setEstimator] = useState<TStrengthModule | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordStrength().then(
      (module) => {
        if (live) setEstimator(module);
      },
      () => {
        // No meter then; the server still checks the password.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const { email, phone, firstName, lastName } = owner;
  return useMemo(
    () => (estimator && password ? estimator.assessPassword(password, { email, phone, firstName, lastName }) : null),
    [estimator, password, email, phone, firstName, lastName],
  );
}

const LEVEL_COLOURS = { weak: 'error.main', fair: 'warning.main', good: 'success.main', strong: 'success.dark' } as const;

type TPasswordStrengthMeterProps = {
  password: string;
  /** Whose password it is: the meter refuses what the server refuses (their e-mail, name, phone). */
  owner?: TPasswordOwner;
  /** The field already shows an error: the meter shows only the level. */
  hideReason?: boolean;
  id?: string;
};

/** Weak / fair / good / strong as the user types, and why the password would be refused. */
export function PasswordStrengthMeter({ password, owner = {}, hideReason = false, id }: TPasswordStrengthMeterProps) {
  const { t, ready } = useTranslation('password', { useSuspense: false });
  const assessment = usePasswordAssessment(password, owner);
  if (!assessment || !ready) return null;
  const filled = PASSWORD_LEVELS.indexOf(assessment.level) + 1;
  return (
    <Box id={id} data-testid="password-strength" data-level={assessment.level} role="status" aria-live="polite" sx={{ mt: -1 }}>
      <Box aria-hidden sx={{ display: 'flex', gap: 0.5, mb: 0.5 }}>
        {PASSWORD_LEVELS.map((level, index) => (
          <Box
            key={level}
            sx={{
              flex: 1,
              height: 4,
              borderRadius: 2,
              bgcolor: index < filled ? LEVEL_COLOURS[assessment.level] : 'action.disabledBackground',
            }}
          />
        ))}
      </Box>
      <Typography variant="caption" component="p" color="text.secondary">
        {t('strength', { level: t(`levels.${assessment.level}`) })}
      </Typography>
      {assessment.reason && !hideReason && (
        <Typography variant="caption" component="p" color="text.secondary">
          {passwordReasonText(assessment.reason)}
        </Typography>
      )}
    </Box>
  );
}
