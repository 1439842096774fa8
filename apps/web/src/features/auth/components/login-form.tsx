import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { USERNAME_MAX } from '@tarang/shared/common/limits';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TextInput } from '@/components/ui/text-input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { saveSignIn } from '@/lib/auth';
import { tMessage, translateError, translateMessage } from '@/lib/i18n/i18n';
import { setFlash, toast } from '@/lib/notify';
import { login } from '../api/login';
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
};

/**
 * Sign-in with an email or a phone number (spec §2, §5, §8). The username gets +91 when it is not an
 * e-mail and has no prefix; the password is sealed before it leaves the browser.
 */
export function LoginForm({ onSuccess }: TLoginFormProps) {
  const { t } = useTranslation('auth');
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
      const message = translateMessage(response.message || tMessage('loggedIn'));
      toast.success(message, { id: toastId });
      await saveSignIn(response.data);
      setFlash({ kind: 'success', message });
      onSuccess();
    } catch (error) {
      if (isApiError(error) && error.status > 0) {
        // The server answered with a failure: its message, or 'Login failed!'.
        const message = error.body?.message ? translateError(error) : tMessage('loginFailed');
        toast.error(message, { id: toastId });
        setError('root', { message });
      } else {
        toast.error(tMessage('couldNotLogin'), { id: toastId });
        setError('root', { message: translateError(error) });
      }
    }
  });

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
