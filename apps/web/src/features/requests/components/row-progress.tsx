import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TRequest } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import { percentOf, SegmentedBar } from './request-progress';

/** A list row's progress: a small bar and "12 / 20" (and the failed, when any). */
export function RowProgress({ counts }: { counts: TRequest['counts'] }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const settled = counts.succeeded + counts.failed + counts.cancelled;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 0.5, width: '100%', minWidth: 0 }}>
      <SegmentedBar counts={counts} percent={percentOf(counts)} label={t('progress.label')} height={6} />
      <Typography variant="caption" color="text.secondary" noWrap>
        {number.format(settled)} / {number.format(counts.total)}
        {counts.failed > 0 && (
          <Box component="span" sx={{ color: 'error.main' }}>
            {' · '}
            {t('progress.failedCount', { formatted: number.format(counts.failed) })}
          </Box>
        )}
      </Typography>
    </Box>
  );
}
