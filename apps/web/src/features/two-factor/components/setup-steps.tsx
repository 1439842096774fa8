import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTwoFactorSetup } from '@tarang/shared/auth/two-factor.schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { translateError } from '@/lib/i18n/i18n';
import { QrCode } from './qr-code';

type TSetupStepsProps = {
  setup: TTwoFactorSetup;
  /** Checks the first code of the new key; rejects with the server's error when it is wrong. */
  onConfirm: (code: string) => Promise<void>;
};

/** The key as a QR code and as text (grouped by four), and the field for its first code. */
export function SetupSteps({ setup, onConfirm }: TSetupStepsProps) {
  const { t } = useTranslation('two-factor');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setProblem(t('setup.codeInvalid'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm(typed);
    } catch (error) {
      setProblem(translateError(error));
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('setup.formLabel')}>
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
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          id="two-factor-setup-code"
          label={t('setup.code')}
          helperText={t('setup.codeHelp')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          error={Boolean(problem)}
          fullWidth
          inputProps={{ inputMode: 'numeric', maxLength: 7 }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {t('setup.confirm')}
        </Button>
      </Stack>
    </Box>
  );
}
