import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { requestHref } from '@/features/requests/components/requests-table';
import { useCan } from '@/lib/authorization';
import type { TSavedDevice } from '../utils/saved-device';

/**
 * Over the list after the form saved a device that holds a SIM it was asked to lock: the IMEI_LOCK request made, with a
 * link to it, or why the SIM was not locked (the device itself is saved).
 */
export function SavedDeviceNotice({ saved }: { saved: TSavedDevice | null }) {
  const { t } = useTranslation('devices');
  const canViewRequest = useCan('request', 'viewDetails');
  const [shown, setShown] = useState(true);
  if (!saved || !shown || (!saved.lockRequest && !saved.lockRefused)) return null;
  const { lockRequest } = saved;
  if (!lockRequest) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setShown(false)} data-testid="device-saved">
        {t('saved.lockRefused', { imei: saved.imei, reason: saved.lockRefused })}
      </Alert>
    );
  }
  return (
    <Alert severity="success" sx={{ mb: 2 }} onClose={() => setShown(false)} data-testid="device-saved">
      <AlertTitle>{t('saved.title', { imei: saved.imei })}</AlertTitle>
      {t('saved.lockMade', { batchJobId: lockRequest.batchJobId })}
      {canViewRequest && (
        <Stack direction="row" sx={{ mt: 1.5 }}>
          <Button component={RouterLink} to={requestHref(lockRequest.id)} variant="outlined" size="small" color="inherit">
            {t('actions.viewRequest', { batchJobId: lockRequest.batchJobId })}
          </Button>
        </Stack>
      )}
    </Alert>
  );
}
