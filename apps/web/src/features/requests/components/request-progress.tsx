import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TTaskCounts } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import { JobStatusChip } from './status-chip';

/** Settled share of the tasks, in tenths of a percent, as the API's progress endpoint counts it. */
export function percentOf(counts: TTaskCounts): number {
  const settled = counts.succeeded + counts.failed + counts.cancelled;
  return counts.total ? Math.floor((1000 * settled) / counts.total) / 10 : 100;
}

const PARTS = [
  { key: 'succeeded', color: 'success.main' },
  { key: 'failed', color: 'error.main' },
  { key: 'cancelled', color: 'text.disabled' },
  { key: 'inFlight', color: 'info.main' },
  { key: 'queued', color: 'text.secondary' },
] as const;

/**
 * A bar of a job's tasks by outcome, in the legend's colours: done, failed, cancelled, then those under way; the
 * rest (queued) is the track.
 */
export function SegmentedBar({ counts, percent, label, height }: { counts: TTaskCounts; percent: number; label: string; height: number }) {
  const share = (n: number) => (counts.total ? (100 * n) / counts.total : 0);
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      sx={{ display: 'flex', height, borderRadius: height / 2, overflow: 'hidden', bgcolor: 'action.hover' }}
    >
      {PARTS.filter((p) => p.key !== 'queued').map(({ key, color }) => (
        <Box key={key} sx={{ width: `${share(counts[key])}%`, bgcolor: color, transition: 'width 400ms ease' }} />
      ))}
    </Box>
  );
}

/** Live progress of a job: status, a bar of the settled share and the counts by outcome. */
export function RequestProgress({
  status,
  counts,
  percent,
  live,
}: {
  status: string;
  counts: TTaskCounts;
  percent?: number;
  live?: boolean;
}) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const value = percent ?? percentOf(counts);
  return (
    <Box data-testid="request-progress" data-status={status}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <JobStatusChip status={status} />
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="progress-percent">
          {t('progress.percent', { percent: number.format(value) })}
        </Typography>
        {live && (
          <Typography variant="caption" color="text.secondary" aria-live="off">
            {t('progress.live')}
          </Typography>
        )}
      </Stack>
      <SegmentedBar counts={counts} percent={value} label={t('progress.label')} height={10} />
      <Stack direction="row" spacing={2.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }} data-testid="progress-counts">
        <Typography variant="body2">
          <strong>{number.format(counts.total)}</strong> {t('counts.total')}
        </Typography>
        {PARTS.map(({ key, color }) => (
          <Stack key={key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-count={key}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color }} aria-hidden />
            <Typography variant="body2">
              <strong>{number.format(counts[key])}</strong> {t(`counts.${key}`)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
