import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { translateError, translateMessage } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { useResetUserTwoFactor } from '../api/reset-user-two-factor';

/** "Reset two-factor" on another user's page, for those who hold `user.resetTwoFactor`: asks first. */
export function ResetTwoFactorButton({ userId, userLabel }: { userId: string; userLabel: string }) {
  const { t } = useTranslation('two-factor');
  const [open, setOpen] = useState(false);
  const reset = useResetUserTwoFactor();
  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)} data-testid="reset-two-factor">
        {t('reset.action')}
      </Button>
      <ConfirmDialog
        open={open}
        danger
        busy={reset.isPending}
        title={t('reset.title')}
        text={t('reset.text', { user: userLabel })}
        confirmLabel={t('reset.confirm')}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          reset.mutate(userId, {
            onSuccess: (r) => {
              setOpen(false);
              notify.success(r.message ? translateMessage(r.message) : t('reset.done'));
            },
            onError: (error) => {
              setOpen(false);
              notify.error(translateError(error));
            },
          })
        }
      />
    </>
  );
}
