import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTwoFactorSetup } from '@tarang/shared/auth/two-factor.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from '../api/manage-two-factor';
import { startTwoFactorSetup, useConfirmTwoFactorSetup } from '../api/set-up-two-factor';
import { CodeDialog } from './code-dialog';
import { RecoveryCodes } from './recovery-codes';
import { SetupSteps } from './setup-steps';

type TDialog = 'password' | 'regenerate' | 'disable' | null;

/**
 * The signed-in user's own two-factor sign-in, in their profile: set it up (password, QR code, first code, recovery
 * codes), new recovery codes, turn it off (not where it is required).
 */
export function TwoFactorSettings({ account }: { account: string }) {
  const { t } = useTranslation('two-factor');
  const status = useTwoFactorStatus();
  const confirm = useConfirmTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (status.isPending) return <CircularProgress aria-label={t('title')} />;
  if (status.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  const { enabled, required, enabledAt, recoveryCodesLeft } = status.data;
  const endSetup = () => {
    setSetup(null);
    setCodes(null);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="two-factor-title" data-testid="two-factor-settings">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="two-factor-title" variant="h6" component="h2">
            {t('title')}
          </Typography>
          {required && !enabled && <Alert severity="warning">{t('requiredNotice')}</Alert>}
          <Typography>{enabled ? t('on', { date: enabledAt ? formatDateTime(enabledAt) : '' }) : t('off')}</Typography>
          {enabled && (
            <Typography variant="body2" color={recoveryCodesLeft < 3 ? 'error' : 'text.secondary'}>
              {t('codesLeft', { count: recoveryCodesLeft })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {!enabled && (
              <Button variant="contained" onClick={() => setDialog('password')}>
                {t('setUp')}
              </Button>
            )}
            {enabled && (
              <Button variant="outlined" onClick={() => setDialog('regenerate')}>
                {t('newCodes')}
              </Button>
            )}
            {enabled && !required && (
              <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
                {t('turnOff')}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>

      {dialog === 'password' && (
        <CodeDialog
          kind="password"
          title={t('setUp')}
          text={t('passwordFirst')}
          label={t('password')}
          submitLabel={t('continue')}
          onClose={() => setDialog(null)}
          onSubmit={async (password) => {
            setSetup(await startTwoFactorSetup(password));
            setDialog(null);
          }}
        />
      )}
      {dialog === 'regenerate' && (
        <CodeDialog
          title={t('newCodes')}
          text={t('newCodesText')}
          label={t('setup.code')}
          submitLabel={t('newCodes')}
          onClose={() => setDialog(null)}
          onSubmit={async (code) => {
            setCodes((await regenerate.mutateAsync(code)).recoveryCodes);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'disable' && (
        <CodeDialog
          danger
          title={t('turnOff')}
          text={t('turnOffText')}
          label={t('codeOrRecovery')}
          submitLabel={t('turnOff')}
          onClose={() => setDialog(null)}
          onSubmit={async (typed) => {
            await disable.mutateAsync(typed);
            setDialog(null);
            notify.success(t('turnedOff'));
          }}
        />
      )}

      <Dialog open={Boolean(setup || codes)} maxWidth="sm" fullWidth aria-labelledby="two-factor-setup-title">
        <DialogTitle id="two-factor-setup-title">{codes ? t('recovery.title') : t('setUp')}</DialogTitle>
        <DialogContent>
          {codes ? (
            <RecoveryCodes codes={codes} account={account} doneLabel={t('recovery.saved')} onDone={endSetup} />
          ) : setup ? (
            <SetupSteps
              setup={setup}
              onConfirm={async (code) => {
                setCodes((await confirm.mutateAsync(code)).recoveryCodes);
                notify.success(t('turnedOn'));
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
