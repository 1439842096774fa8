import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useUpdateCheckpoint } from '../api/request-actions';
import type { TCheckpoint } from '../api/types';
import { useRequestMessages } from '../utils/messages';

/** The request's workflow steps with who and when; staff with Checkpoint Modify tick or clear them. */
export function CheckpointsTimeline({
  requestId,
  checkpoints,
  canModify,
}: {
  requestId: string;
  checkpoints: TCheckpoint[];
  canModify: boolean;
}) {
  const { t } = useTranslation('requests');
  const { failure } = useRequestMessages();
  const id = useId();
  const update = useUpdateCheckpoint();
  const [ticking, setTicking] = useState<TCheckpoint | null>(null);
  const [note, setNote] = useState('');
  const lastDone = checkpoints.reduce((last, c, i) => (c.doneAt ? i : last), -1);

  const save = async (checkpoint: TCheckpoint, done: boolean, text?: string) => {
    try {
      await update.mutateAsync({ id: requestId, step: checkpoint.step, done, ...(text ? { note: text } : {}) });
      notify.success(
        done
          ? t('checkpoints.ticked', { step: t(`checkpoints.steps.${checkpoint.step}`) })
          : t('checkpoints.cleared', { step: t(`checkpoints.steps.${checkpoint.step}`) }),
      );
    } catch (error) {
      notify.error(failure(error));
    }
  };

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }} data-testid="checkpoints">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
          {t('checkpoints.title')}
        </Typography>
        <Stepper orientation="vertical" activeStep={lastDone + 1} nonLinear>
          {checkpoints.map((c) => (
            <Step key={c.step} completed={!!c.doneAt} expanded>
              <StepLabel
                optional={
                  c.doneAt ? (
                    <Typography variant="caption" color="text.secondary">
                      {t('checkpoints.doneBy', { at: formatDateTime(c.doneAt), by: c.doneBy?.label ?? t('checkpoints.system') })}
                    </Typography>
                  ) : (
                    <Typography variant="caption" color="text.secondary">
                      {t('checkpoints.open')}
                    </Typography>
                  )
                }
              >
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  {t(`checkpoints.steps.${c.step}`, { defaultValue: c.label })}
                  {c.doneAt && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={c.automatic ? t('checkpoints.automatic') : t('checkpoints.manual')}
                      sx={{ height: 20 }}
                    />
                  )}
                </Box>
              </StepLabel>
              <StepContent>
                {c.note && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {c.note}
                  </Typography>
                )}
                {canModify && (
                  <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', cursor: 'pointer', ml: -1 }}>
                    <Checkbox
                      size="small"
                      checked={!!c.doneAt}
                      disabled={update.isPending}
                      onChange={(e) => {
                        if (e.target.checked) {
                          setNote('');
                          setTicking(c);
                        } else void save(c, false);
                      }}
                      slotProps={{ input: { 'aria-label': t('checkpoints.toggle', { step: t(`checkpoints.steps.${c.step}`) }) } }}
                    />
                    <Typography variant="body2" color="text.secondary">
                      {c.doneAt ? t('checkpoints.done') : t('checkpoints.markDone')}
                    </Typography>
                  </Box>
                )}
              </StepContent>
            </Step>
          ))}
        </Stepper>
      </CardContent>
      <Dialog open={ticking !== null} onClose={() => setTicking(null)} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
        <DialogTitle id={`${id}-title`}>
          {t('checkpoints.tickTitle', { step: ticking ? t(`checkpoints.steps.${ticking.step}`) : '' })}
        </DialogTitle>
        <DialogContent>
          <TextField
            label={t('checkpoints.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setTicking(null)}>{t('form.cancel')}</Button>
          <Button
            variant="contained"
            disabled={update.isPending}
            onClick={() => {
              const c = ticking;
              setTicking(null);
              if (c) void save(c, true, note.trim() || undefined);
            }}
          >
            {t('checkpoints.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
