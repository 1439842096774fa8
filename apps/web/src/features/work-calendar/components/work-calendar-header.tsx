import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BetaBadge } from './beta-badge';

/** The page's title row: "Work Calendar", its Beta badge, and what it shows. */
export function WorkCalendarHeader() {
  const { t } = useTranslation('work-calendar');
  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h1">{t('title')}</Typography>
        <BetaBadge />
      </Box>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('subtitle')}
      </Typography>
    </Box>
  );
}
