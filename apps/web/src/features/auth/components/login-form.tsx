import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { TLoginResponseData } from '@tarang/shared/auth/auth.schemas';
import type { TTwoFactorChallenge } from '@tarang/shared/auth/two-factor.schemas';
import { USERNAME_MAX } from '@tarang/shared/common/limits';
import { type FormEvent, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TextInput } from '@/components/ui/text-input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { saveSignIn } from '@/lib/auth';
import { tMessage, translateError, translateMessage } from '@/lib/i18n/i18n';
import { setFlash, toast } from '@/lib/notify';
import { isSecondFactorShape } from '@/lib/second-factor';
import { login, loginSecondStep } from '../api/login';
import { PasswordField } from './password-field';

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

type TLoginFormProps = {
  /** Called after the session is stored; the page then reloads into the console. */
  onSuccess: () => void;
  /** A staff account without two-factor sign-in: the page sets it up with this challenge before any session. */
  onEnrolmentRequired?: (challenge: TTwoFactorChallenge) => void;
};

/** Stores the session a sign-in answered and hands over to the page, which reloads into the console. */
async function finishSignIn(data: TLoginResponseData, message: string, toastId: string, onSuccess: () => void) {
  toast.success(message, { id: toastId });
  await saveSignIn(data);
  setFlash({ kind: 'success', message });
  onSuccess();
}

/** The message of a failed sign-in call, shown in the toast and above the form. */
function failureMessage(error: unknown): { toast: string; alert: string } {
  if (isApiError(error) && error.status > 0) {
    // The server answered with a failure: its message, or 'Login failed!'.
    const message = error.body?.message ? translateError(error) : tMessage('loginFailed');
    return { toast: message, alert: message };
  }
  return { toast: tMessage('couldNotLogin'), alert: translateError(error) };
}

/**
 * Sign-in with an email or a phone number (spec §2, §5, §8). The username gets +91 when it is not an
 * e-mail and has no prefix; the password is sealed before it leaves the browser.
 */
export function LoginForm({ onSuccess, onEnrolmentRequired }: TLoginFormProps) {
  const { t } = useTranslation('auth');
  const [challenge, setChallenge] = useState<TTwoFactorChallenge | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TLoginValues>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '', terms: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    const toastId = toast.loading(tMessage('loggingIn'));
    try {
      const response = await login({ username: values.username, password: values.password });
      if (!response.success) {
        const message = response.message ? translateMessage(response.message) : tMessage('loginFailed');
        toast.error(message, { id: toastId });
        setError('root', { message });
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
      setError('root', { message: message.alert });
    }
  });

  if (challenge) {
    return (
      <SecondStepForm
        challenge={challenge}
        onSuccess={onSuccess}
        onRestart={(message) => {
          setChallenge(null);
          if (message) setError('root', { message });
        }}
      />
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('login.formLabel')}>
      <Stack spacing={2}>
        {errors.root?.message && (
          <Alert severity="error" role="alert" data-testid="login-error">
            {errors.root.message}
          </Alert>
        )}
        <TextInput
          {...register('username')}
          id="login-username"
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          fullWidth
          error={Boolean(errors.username)}
          helperText={translateMessage(errors.username?.message)}
          inputProps={{ maxLength: USERNAME_MAX }}
        />
        <PasswordField
          {...register('password')}
          id="login-password"
          label={t('login.password')}
          autoComplete="current-password"
          fullWidth
          error={Boolean(errors.password)}
          helperText={translateMessage(errors.password?.message)}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Controller
            name="terms"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    slotProps={{ input: { ref: field.ref, 'aria-describedby': errors.terms ? 'login-terms-error' : undefined } }}
                  />
                }
                label={
                  <>
                    {t('login.acceptTerms')}{' '}
                    <Link href={paths.public.termOfUse.getHref()} target="_blank" rel="noopener noreferrer">
                      {t('login.termsLink')}
                    </Link>
                  </>
                }
              />
            )}
          />
          <Link component={RouterLink} to={paths.auth.forgotPassword.getHref()} variant="body2" sx={{ fontWeight: 600 }}>
            {t('login.lostPassword')}
          </Link>
        </Box>
        {errors.terms && (
          <FormHelperText error id="login-terms-error" sx={{ mt: '0 !important' }}>
            {translateMessage(errors.terms.message)}
          </FormHelperText>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

type TSecondStepProps = {
  challenge: TTwoFactorChallenge;
  onSuccess: () => void;
  /** Back to the password step (the challenge expired, or the user asked), with a message to show there. */
  onRestart: (message?: string) => void;
};

/**
 * The second step of a sign-in with two-factor sign-in on: one field for the 6-digit code of the authenticator app
 * or a recovery code. A plain text field only: nothing of the set-up (QR code) loads on the sign-in page.
 */
function SecondStepForm({ challenge, onSuccess, onRestart }: TSecondStepProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!isSecondFactorShape(typed)) {
      setProblem(t('twoFactor.codeInvalid'));
      return;
    }
    setBusy(true);
    setProblem(null);
    const toastId = toast.loading(tMessage('loggingIn'));
    try {
      const response = await loginSecondStep(challenge.challenge, typed);
      await finishSignIn(response.data, translateMessage(response.message || tMessage('loggedIn')), toastId, onSuccess);
    } catch (error) {
      const message = failureMessage(error);
      toast.error(message.toast, { id: toastId });
      // An expired or used challenge: the password step again.
      if (isApiError(error) && error.code === 'TOKEN_INVALID') onRestart(message.alert);
      else setProblem(message.alert);
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('twoFactor.formLabel')}>
      <Stack spacing={2}>
        {problem && (
          <Alert severity="error" role="alert" data-testid="login-error">
            {problem}
          </Alert>
        )}
        <TextInput
          id="login-second-factor"
          name="code"
          label={t('twoFactor.code')}
          helperText={t('twoFactor.codeHelp')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          error={Boolean(problem)}
          inputProps={{ maxLength: 20, spellCheck: false, autoCapitalize: 'off' }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {t('twoFactor.submit')}
        </Button>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onRestart()}
          sx={{ alignSelf: 'flex-start', fontWeight: 600 }}
        >
          {t('backToLogin')}
        </Link>
      </Stack>
    </Box>
  );
}
