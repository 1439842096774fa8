import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTwoFactorSetup } from '@tarang/shared/auth/two-factor.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '@/components/form/fields/one-time-code-field';
import { Form } from '@/components/form/form';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { QrCode } from './qr-code';

type TSetupStepsProps = {
  setup: TTwoFactorSetup;
  /** Checks the first code of the new key; rejects with the server's error when it is wrong. */
  onConfirm: (code: string) => Promise<void>;
};

/** The key as a QR code and as text (grouped by four), and the field for its first code. */
export function SetupSteps({ setup, onConfirm }: TSetupStepsProps) {
  const { t } = useTranslation('two-factor');
  const form = useForm({ defaultValues: { code: '' } });
  return (
    <Form
      form={form}
      label={t('setup.formLabel')}
      onSubmit={async ({ code }) => {
        const typed = code.replace(/\s/g, '');
        if (!/^\d{6}$/.test(typed)) {
          form.setError('root', { message: t('setup.codeInvalid') });
          return;
        }
        await onConfirm(typed);
      }}
    >
      <Stack spacing={2}>
        <Typography>{t('setup.scan')}</Typography>
        <Box sx={{ alignSelf: 'center' }}>
          <QrCode value={setup.otpauthUri} label={t('setup.qrLabel', { account: setup.account })} />
        </Box>
        <Typography variant="body2">{t('setup.manual')}</Typography>
        <Box
          component="code"
          data-testid="two-factor-secret"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1.05rem',
            letterSpacing: 1,
            wordBreak: 'break-all',
            p: 1,
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        >
          {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
        </Box>
        <FormAlert />
        <OneTimeCodeField name="code" label={t('setup.code')} hint={t('setup.codeHelp')} numeric inputProps={{ maxLength: 7 }} />
        <SubmitButton>{t('setup.confirm')}</SubmitButton>
      </Stack>
    </Form>
  );
}
