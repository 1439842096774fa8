import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useInsights } from '../api/get-request-parts';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestMessages } from '../utils/messages';

/** 1,234 ms → "1.2 s"; 125,000 ms → "2 min 5 s". */
export function formatDuration(ms: number, t: TFunction<'requests'>): string {
  if (ms < 1000) return t('duration.ms', { value: ms });
  const s = ms / 1000;
  if (s < 60) return t('duration.s', { value: Math.round(s * 10) / 10 });
  const m = Math.floor(s / 60);
  if (m < 60) return t('duration.min', { m, s: Math.round(s - m * 60) });
  return t('duration.h', { h: Math.floor(m / 60), m: m % 60 });
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>{value}</Typography>
    </Box>
  );
}

/** Request Automation Insights: how much ran by itself versus by hand, retries, and how long each stage took. */
export function InsightsDialog({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const id = useId();
  const query = useInsights(requestId, true);
  const data = query.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{t('insights.title')}</DialogTitle>
      <DialogContent>
        {query.isPending && (
          <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('insights.loading')} />
          </Box>
        )}
        {query.isError && (
          <Typography color="error" role="alert">
            {failure(query.error)}
          </Typography>
        )}
        {data && (
          <Stack spacing={2.5} data-testid="insights">
            <Box>
              <Typography variant="body2" sx={{ mb: 0.75 }}>
                {t('insights.automatic', { percent: number.format(data.tasks.automaticPercent) })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={data.tasks.automaticPercent}
                sx={{ height: 8, borderRadius: 4 }}
                aria-label={t('insights.automaticLabel')}
              />
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
              <Figure label={t('insights.byOperator')} value={number.format(data.tasks.byOperator)} />
              <Figure label={t('insights.byHand')} value={number.format(data.tasks.byHand)} />
              <Figure label={t('insights.retried')} value={number.format(data.retries.tasksRetried)} />
              <Figure label={t('insights.extraTries')} value={number.format(data.retries.extraTries)} />
              <Figure label={t('insights.checkpointsAuto')} value={number.format(data.checkpoints.automatic)} />
              <Figure label={t('insights.checkpointsManual')} value={number.format(data.checkpoints.manual)} />
              <Figure label={t('insights.checkpointsOpen')} value={number.format(data.checkpoints.open)} />
              <Figure label={t('insights.total')} value={data.totalMs === null ? '—' : formatDuration(data.totalMs, t)} />
            </Box>
            {data.stages.length > 0 && (
              <Table size="small" aria-label={t('insights.stages')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('insights.stage')}</TableCell>
                    <TableCell align="right">{t('insights.took')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.stages.map((s) => (
                    <TableRow key={`${s.from}-${s.to}`}>
                      <TableCell>
                        {t(`checkpoints.steps.${s.from}`)} → {t(`checkpoints.steps.${s.to}`)}
                      </TableCell>
                      <TableCell align="right">{formatDuration(s.ms, t)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
