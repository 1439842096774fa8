import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** The full-screen centred spinner shown until authentication has been initialised (spec §2). */
export function FullScreenSpinner() {
  const { t } = useTranslation('common');
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}
    >
      <CircularProgress size={56} thickness={3.6} aria-label={t('loading')} />
    </Box>
  );
}
