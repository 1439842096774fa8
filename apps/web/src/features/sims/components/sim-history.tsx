import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TSimDetail } from '@tarang/shared/sims/sim.schemas';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date';
import { describeHistory } from '../utils/history';

/** The SIM's audit history as a timeline, newest first: what happened, who did it and when. */
export function SimHistory({
  history,
  organizationName,
}: {
  history: TSimDetail['history'];
  organizationName: (id: string) => string | null;
}) {
  const { t } = useTranslation('sims');
  if (history.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {t('history.none')}
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label={t('history.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {history.map((event, index) => {
        const { title, details } = describeHistory(event, t, organizationName);
        const last = index === history.length - 1;
        return (
          <Box component="li" key={event.id} sx={{ display: 'flex', gap: 2 }} data-testid="history-entry">
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
              <Box
                sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: index === 0 ? 'primary.main' : 'text.disabled', flex: 'none' }}
              />
              {!last && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: last ? 0 : 2.5, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
              {details.map((line) => (
                <Typography key={line} variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {line}
                </Typography>
              ))}
              <Typography variant="caption" color="text.secondary">
                {event.actorLabel
                  ? t('history.byAt', { actor: event.actorLabel, at: formatDateTime(event.occurredAt) })
                  : formatDateTime(event.occurredAt)}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
