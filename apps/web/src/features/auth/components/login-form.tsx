import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { TTwoFactorChallenge } from '@tarang/shared/auth/two-factor.schemas';
import { USERNAME_MAX } from '@tarang/shared/common/limits';
import { lazy, Suspense, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormCheckbox } from '@/components/form/fields/form-checkbox';
import { FormTextField } from '@/components/form/fields/form-text-field';
import { PasswordField } from '@/components/form/fields/password-field';
import { Form } from '@/components/form/form';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { paths } from '@/config/paths';
import { tMessage, translateMessage } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { login } from '../api/login';
import { failureMessage, finishSignIn } from '../utils/sign-in';

type TLoginValues = { username: string; password: string; terms: boolean };

/**
 * Checks the form with the shared ZLoginForm. The schema code loads on the first check (the first
 * submit), so the sign-in page itself downloads less.
 */
const loginResolver: Resolver<TLoginValues> = async (values, context, options) => {
  const [{ zodResolver }, { ZLoginForm }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@tarang/shared/auth/auth.schemas'),
  ]);
  // The schema's input says `terms: true`; the checkbox can hold false, which the schema rejects.
  return (zodResolver(ZLoginForm) as unknown as Resolver<TLoginValues>)(values, context, options);
};

// The second step (a code after the password) loads only for an account with two-factor sign-in.
const SecondStepForm = lazy(() => import('./second-step-form'));

type TLoginFormProps = {
  /** Called after the session is stored; the page then reloads into the console. */
  onSuccess: () => void;
  /** A staff account without two-factor sign-in: the page sets it up with this challenge before any session. */
  onEnrolmentRequired?: (challenge: TTwoFactorChallenge) => void;
};

/**
 * Sign-in with an email or a phone number (spec §2, §5, §8). The username gets +91 when it is not an
 * e-mail and has no prefix; the password is sealed before it leaves the browser.
 */
export function LoginForm({ onSuccess, onEnrolmentRequired }: TLoginFormProps) {
  const { t } = useTranslation('auth');
  const [challenge, setChallenge] = useState<TTwoFactorChallenge | null>(null);
  const form = useForm<TLoginValues>({ resolver: loginResolver, defaultValues: { username: '', password: '', terms: true } });

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondStepForm
          challenge={challenge}
          onSuccess={onSuccess}
          onRestart={(message) => {
            setChallenge(null);
            if (message) form.setError('root', { message });
          }}
        />
      </Suspense>
    );
  }

  // Laid out here rather than with auth-form's AuthForm and UsernameField: a module the password pages share would be
  // one more file for the sign-in page, whose JavaScript stays under its budget (e2e/auth.test.ts).
  return (
    <Form
      form={form}
      label={t('login.formLabel')}
      onSubmit={async (values) => {
        const toastId = toast.loading(tMessage('loggingIn'));
        try {
          const response = await login({ username: values.username, password: values.password });
          if (!response.success) {
            const message = response.message ? translateMessage(response.message) : tMessage('loginFailed');
            toast.error(message, { id: toastId });
            form.setError('root', { message });
            return;
          }
          if ('twoFactor' in response.data) {
            // The password was right; a second step comes before any session.
            toast.dismiss(toastId);
            const next = response.data.twoFactor;
            if (next.step === 'enrol' && onEnrolmentRequired) onEnrolmentRequired(next);
            else setChallenge(next);
            return;
          }
          await finishSignIn(response.data, translateMessage(response.message || tMessage('loggedIn')), toastId, onSuccess);
        } catch (error) {
          const message = failureMessage(error);
          toast.error(message.toast, { id: toastId });
          form.setError('root', { message: message.alert });
        }
      }}
    >
      <Stack spacing={2}>
        <FormAlert data-testid="login-error" />
        <FormTextField
          name="username"
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          fullWidth
          inputProps={{ maxLength: USERNAME_MAX }}
        />
        <PasswordField name="password" label={t('login.password')} autoComplete="current-password" fullWidth />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <FormCheckbox
            name="terms"
            label={
              <>
                {t('login.acceptTerms')}{' '}
                <Link href={paths.public.termOfUse.getHref()} target="_blank" rel="noopener noreferrer">
                  {t('login.termsLink')}
                </Link>
              </>
            }
          />
          <Link component={RouterLink} to={paths.auth.forgotPassword.getHref()} variant="body2" sx={{ fontWeight: 600 }}>
            {t('login.lostPassword')}
          </Link>
        </Box>
        <SubmitButton size="large" fullWidth>
          {t('login.submit')}
        </SubmitButton>
      </Stack>
    </Form>
  );
}
