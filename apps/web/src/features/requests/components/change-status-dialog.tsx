import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { JOB_STATUS_CHANGES } from '@tarang/shared/requests/request.constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { type TJobStatusChange, useChangeJobStatus } from '../api/job-actions';
import type { TJob } from '../api/types';
import { useRequestMessages } from '../utils/messages';

/** Change Status (staff, with a reason, audited): CANCELLED or FAILED stops every task that has not reached an operator. */
export function ChangeStatusDialog({ job, onClose }: { job: TJob; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const { message, failure } = useRequestMessages();
  const id = useId();
  const [status, setStatus] = useState<TJobStatusChange>('CANCELLED');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const change = useChangeJobStatus();
  const reasonError =
    touched && !reason.trim() ? t('errors.reasonRequired') : reason.length > 500 ? t('errors.reasonLong', { max: 500 }) : undefined;

  const submit = async () => {
    setTouched(true);
    if (!reason.trim() || reason.length > 500) return;
    try {
      const result = await change.mutateAsync({ id: job.id, status, reason: reason.trim() });
      notify.success(message(result.message) || t('messages.statusChanged'));
      onClose();
    } catch (error) {
      notify.error(failure(error));
    }
  };

  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{t('jobs.changeStatusTitle', { batchJobId: job.batchJobId })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('jobs.changeStatusText')}</DialogContentText>
          <TextField
            select
            label={t('jobs.newStatus')}
            value={status}
            onChange={(e) => setStatus(e.target.value as TJobStatusChange)}
            size="small"
          >
            {JOB_STATUS_CHANGES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('form.reasonRequired')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            required
            multiline
            minRows={2}
            error={!!reasonError}
            helperText={reasonError ?? t('jobs.reasonHelp')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={change.isPending}>
          {t('form.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={change.isPending}>
          {t('actions.changeStatus')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
