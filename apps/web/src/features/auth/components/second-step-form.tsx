import Link from '@mui/material/Link';
import type { TTwoFactorChallenge } from '@tarang/shared/auth/two-factor.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '@/components/form/fields/one-time-code-field';
import { isApiError } from '@/lib/api-client';
import { tMessage, translateMessage } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { isSecondFactorShape } from '@/lib/second-factor';
import { loginSecondStep } from '../api/login';
import { failureMessage, finishSignIn } from '../utils/sign-in';
import { AuthForm } from './auth-form';

type TSecondStepProps = {
  challenge: TTwoFactorChallenge;
  onSuccess: () => void;
  /** Back to the password step (the challenge expired, or the user asked), with a message to show there. */
  onRestart: (message?: string) => void;
};

/**
 * The second step of a sign-in with two-factor sign-in on: one field for the 6-digit code of the authenticator app
 * or a recovery code. A plain text field only: nothing of the set-up (QR code) loads with it; and it loads itself only
 * when a sign-in needs it.
 */
export default function SecondStepForm({ challenge, onSuccess, onRestart }: TSecondStepProps) {
  const { t } = useTranslation('auth');
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  return (
    <AuthForm
      form={form}
      label={t('twoFactor.formLabel')}
      submitLabel={t('twoFactor.submit')}
      alertTestId="login-error"
      after={
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onRestart()}
          sx={{ alignSelf: 'flex-start', fontWeight: 600 }}
        >
          {t('backToLogin')}
        </Link>
      }
      onSubmit={async ({ code }) => {
        const typed = code.trim();
        if (!isSecondFactorShape(typed)) {
          form.setError('root', { message: t('twoFactor.codeInvalid') });
          return;
        }
        const toastId = toast.loading(tMessage('loggingIn'));
        try {
          const response = await loginSecondStep(challenge.challenge, typed);
          await finishSignIn(response.data, translateMessage(response.message || tMessage('loggedIn')), toastId, onSuccess);
        } catch (error) {
          const message = failureMessage(error);
          toast.error(message.toast, { id: toastId });
          // An expired or used challenge: the password step again.
          if (isApiError(error) && error.code === 'TOKEN_INVALID') onRestart(message.alert);
          else form.setError('root', { message: message.alert });
        }
      }}
    >
      <OneTimeCodeField name="code" label={t('twoFactor.code')} hint={t('twoFactor.codeHelp')} autoFocus inputProps={{ maxLength: 20 }} />
    </AuthForm>
  );
}
