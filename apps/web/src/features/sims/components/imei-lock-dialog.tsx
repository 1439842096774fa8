import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { imeiError } from '@tarang/shared/sims/identifiers';
import type { TSim } from '@tarang/shared/sims/sim.schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useSetImeiLock } from '../api/update-sim';
import { useSimMessages } from '../utils/messages';
import { refusedSimsOf } from './move-result';

/** Locks the SIM to an IMEI (typed, or the one it was last seen in), or removes the lock (Sim Actions). */
export function ImeiLockDialog({ sim, onClose }: { sim: TSim; onClose: () => void }) {
  const { t } = useTranslation('sims');
  const { t: tUi } = useTranslation('ui');
  const id = useId();
  const { message, failure } = useSimMessages();
  const mutation = useSetImeiLock();
  const lock = !sim.imeiLock;
  const [imei, setImei] = useState(sim.lastImei ?? '');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const typed = imei.trim();
  const invalid = typed ? imeiError(typed) : lock ? t('details.imeiRequired') : null;

  const submit = async () => {
    setTouched(true);
    if (lock && invalid) return;
    setError(null);
    try {
      const result = await mutation.mutateAsync({ lock, sims: [lock ? { iccid: sim.iccid, imei: typed } : { iccid: sim.iccid }] });
      const skipped = result.skipped[0];
      if (skipped) {
        setError(message(skipped.reason));
        return;
      }
      notify.success(lock ? t('details.lockedNotice', { imei: typed }) : t('details.unlockedNotice'));
      onClose();
    } catch (e) {
      // One SIM that cannot take it is a 422 naming it with the reason (docs/decisions/022-bulk-action-outcomes.md).
      const refused = refusedSimsOf(e)[0];
      setError(refused ? message(refused.reason) : failure(e));
    }
  };

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{t(lock ? 'details.lockTitle' : 'details.unlockTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {lock ? t('details.lockText') : t('details.unlockText', { imei: sim.lockedImei ?? '' })}
        </DialogContentText>
        {lock && (
          <TextField
            fullWidth
            label={t('fields.imei')}
            value={imei}
            onChange={(e) => setImei(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && Boolean(invalid)}
            helperText={
              touched && invalid ? message(invalid) : sim.lastImei ? t('details.lastSeen', { imei: sim.lastImei }) : t('details.imeiHint')
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
          />
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {tUi('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={mutation.isPending} color={lock ? 'primary' : 'warning'}>
          {t(lock ? 'details.lock' : 'details.unlock')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
