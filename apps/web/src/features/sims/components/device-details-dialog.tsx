import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { useDeviceDetails } from '../api/get-device-details';
import { useSimMessages } from '../utils/messages';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '9rem 1fr', gap: 1, py: 0.5 }}>
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} variant="body2">
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Fetch Device Details (SIM details): the IMEI the SIM was last seen in — from what its operators last reported, or
 * the provider's record — with the make and model its TAC names, and the device registered: the one holding the SIM
 * (even before any IMEI was seen), else the one with that IMEI; a link to the device's page for a role that may edit
 * devices.
 */
export function DeviceDetailsDialog({ iccid, onClose }: { iccid: string; onClose: () => void }) {
  const { t } = useTranslation('sims');
  const { failure } = useSimMessages();
  const id = useId();
  const query = useDeviceDetails(iccid);
  const canEditDevice = useCan('device', 'edit');
  const d = query.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{t('device.title')}</DialogTitle>
      <DialogContent>
        {query.isPending && (
          <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label={t('device.loading')} />
          </Box>
        )}
        {query.isError && (
          <Alert severity="error" role="alert">
            {failure(query.error)}
          </Alert>
        )}
        {d && !d.imei && <Alert severity="info">{t('device.noImei')}</Alert>}
        {d && (d.imei || d.device) && (
          <Box component="dl" sx={{ m: 0, mt: d.imei ? 0 : 2 }} data-testid="device-details">
            {d.imei && (
              <>
                <Row label={t('device.imei')} value={d.imei} />
                <Row
                  label={t('device.seen')}
                  value={
                    d.source === 'OPERATOR' && d.seenAt ? t('device.seenAt', { at: formatDateTime(d.seenAt) }) : t('device.fromRecords')
                  }
                />
                <Row
                  label={t('device.make')}
                  value={d.tac ? `${d.tac.make} ${d.tac.model}` : t('device.unknownTac', { tac: d.imei.slice(0, 8) })}
                />
                {d.tac?.kind && <Row label={t('device.kind')} value={d.tac.kind} />}
              </>
            )}
            <Row
              label={t('device.registered')}
              value={
                !d.device ? (
                  t('device.notRegistered')
                ) : canEditDevice ? (
                  <Link to={`/device/edit/${encodeURIComponent(d.device.id)}`}>{d.device.name}</Link>
                ) : (
                  d.device.name
                )
              }
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('device.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
