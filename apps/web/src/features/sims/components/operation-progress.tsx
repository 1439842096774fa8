import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TSimOperation } from '@tarang/shared/sims/sim.schemas';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../hooks/use-number-format';

/** Percent done of an operation, or null while its size is not known yet. */
export function operationPercent(op: TSimOperation): number | null {
  if (op.status === 'DONE') return 100;
  if (op.total <= 0) return null;
  return Math.min(99, Math.floor((op.processed / op.total) * 100));
}

/** A progress bar with "n of about N" under it, for an upload or a large allocation or roll-back. */
export function OperationProgress({ op, label }: { op: TSimOperation | undefined; label: string }) {
  const { t } = useTranslation('sims');
  const number = useNumberFormat();
  const percent = op ? operationPercent(op) : null;
  const queued = !op || op.status === 'QUEUED';
  return (
    <Box sx={{ my: 1 }}>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        {queued
          ? t('progress.queued')
          : t(op.totalIsEstimate ? 'progress.countAbout' : 'progress.count', {
              processed: number.format(op.processed),
              total: number.format(op.total),
              percent: percent ?? 0,
            })}
      </Typography>
    </Box>
  );
}
