import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useMarkMnoJobDone } from '../api/job-actions';
import type { TMnoActionResult, TMnoJob } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import { parseIccidText } from '../utils/iccid-list';
import { useRequestMessages } from '../utils/messages';

/**
 * Mark As Done (staff did the work at the operator's portal): the SIMs listed, or — with the list left empty — every
 * SIM of the MNO job not yet done. Shows what was skipped and why.
 */
export function MarkDoneDialog({ mnoJob, onClose }: { mnoJob: TMnoJob; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { message, failure } = useRequestMessages();
  const id = useId();
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TMnoActionResult | null>(null);
  const markDone = useMarkMnoJobDone();
  const list = parseIccidText(text);
  const open = mnoJob.counts.total - mnoJob.counts.succeeded - mnoJob.counts.cancelled;

  const submit = async () => {
    setError(null);
    if (list.issues.length) {
      setError(
        t('mno.notIccids', {
          values: list.issues
            .slice(0, 3)
            .map((i) => i.value)
            .join(', '),
        }),
      );
      return;
    }
    try {
      const { result: r } = await markDone.mutateAsync({ id: mnoJob.id, iccids: list.iccids, note: note.trim() || undefined });
      setResult(r);
      if (r.updated) notify.success(t('mno.marked', { count: r.updated, formatted: number.format(r.updated) }));
      if (!r.skipped.length) onClose();
    } catch (e) {
      setError(failure(e));
    }
  };

  return (
    <Dialog open onClose={markDone.isPending ? undefined : onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{t('mno.markTitle', { operator: mnoJob.operator, batchJobId: mnoJob.batchJobId })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('mno.markText', { count: open, formatted: number.format(open) })}</DialogContentText>
          <TextField
            label={t('mno.markIccids')}
            helperText={t('mno.markIccidsHelp')}
            multiline
            minRows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            disabled={!!result}
          />
          <TextField label={t('mno.note')} value={note} onChange={(e) => setNote(e.target.value)} disabled={!!result} />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {result && result.skipped.length > 0 && (
            <Alert severity="warning">
              {t('mno.skipped', { count: result.skipped.length, formatted: number.format(result.skipped.length) })}
              <List dense disablePadding>
                {result.skipped.slice(0, 20).map((s) => (
                  <ListItem key={s.iccid} disableGutters>
                    <ListItemText primary={`${s.iccid} — ${message(s.reason)}`} />
                  </ListItem>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={markDone.isPending}>
          {result ? t('form.close') : t('form.cancel')}
        </Button>
        {!result && (
          <Button variant="contained" onClick={() => void submit()} disabled={markDone.isPending}>
            {list.iccids.length
              ? t('mno.markSome', { count: list.iccids.length, formatted: number.format(list.iccids.length) })
              : t('mno.markAll', { count: open, formatted: number.format(open) })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
