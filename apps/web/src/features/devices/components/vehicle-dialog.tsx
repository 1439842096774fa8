import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TDevice } from '@tarang/shared/devices/device.schemas';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { useDeviceVehicle } from '../api/get-device-vehicle';
import { useDeviceMessages } from '../utils/messages';
import { simHref } from '../utils/saved-device';
import { useCanOpenSim } from './use-can-open-sim';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '9.5rem 1fr', gap: 1, py: 0.5 }}>
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} variant="body2">
        {children}
      </Typography>
    </Box>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 0.5, fontWeight: 700 }}>
      {children}
    </Typography>
  );
}

/** Show Vehicle: the vehicle a device is fitted to, with the device and the SIM in it (its number and operators). */
export function VehicleDialog({ device, onClose }: { device: TDevice; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const { failure } = useDeviceMessages();
  const id = useId();
  const canOpenSim = useCanOpenSim();
  const query = useDeviceVehicle(device.id);
  const v = query.data;
  const registration = v?.registration ?? device.vehicle?.registration ?? '';
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{t('vehicle.title', { registration })}</DialogTitle>
      <DialogContent>
        {query.isPending && (
          <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label={t('vehicle.loading')} />
          </Box>
        )}
        {query.isError && (
          <Alert severity="error" role="alert">
            {failure(query.error)}
          </Alert>
        )}
        {v && (
          <Box data-testid="vehicle-details">
            <Heading>{t('vehicle.vehicle')}</Heading>
            <Box component="dl" sx={{ m: 0 }}>
              <Row label={t('fields.registration')}>{v.registration}</Row>
              <Row label={t('fields.vehicleType')}>{t(`vehicleTypes.${v.type}`)}</Row>
            </Box>
            <Heading>{t('vehicle.device')}</Heading>
            <Box component="dl" sx={{ m: 0 }}>
              <Row label={t('fields.imei')}>{v.device.imei}</Row>
              <Row label={t('fields.makeModel')}>{`${v.device.make} ${v.device.model}`}</Row>
              {v.device.firmwareVersion && <Row label={t('fields.firmwareVersion')}>{v.device.firmwareVersion}</Row>}
              {v.device.serial && <Row label={t('fields.serial')}>{v.device.serial}</Row>}
              {v.device.endUser && <Row label={t('fields.endUser')}>{v.device.endUser.name}</Row>}
            </Box>
            <Heading>{t('vehicle.sim')}</Heading>
            {v.sim ? (
              <Box component="dl" sx={{ m: 0 }}>
                <Row label={t('fields.simIccid')}>
                  {canOpenSim ? (
                    <Link to={simHref(v.sim.iccid)} aria-label={t('list.openSim', { iccid: v.sim.iccid })}>
                      {v.sim.iccid}
                    </Link>
                  ) : (
                    v.sim.iccid
                  )}
                </Row>
                <Row label={t('fields.status')}>{t(`simStatus.${v.sim.status}`, { defaultValue: v.sim.status })}</Row>
                {v.sim.msisdn && <Row label={t('fields.msisdn')}>{v.sim.msisdn}</Row>}
                {v.sim.operators && <Row label={t('fields.operators')}>{v.sim.operators}</Row>}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('vehicle.noSim')}
              </Typography>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
