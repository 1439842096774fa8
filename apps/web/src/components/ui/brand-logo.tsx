import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The Tarang mark (a wave) and name. */
export function BrandLogo({ color = 'inherit', size = 36 }: { color?: string; size?: number }) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color }}>
      <Box component="svg" viewBox="0 0 64 64" aria-hidden="true" sx={{ width: size, height: size, flex: 'none' }}>
        <rect width="64" height="64" rx="14" fill="#1B3FD6" />
        <path d="M8 36c6 0 6-12 12-12s6 16 12 16 6-20 12-20 6 16 12 16" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      </Box>
      <Typography component="span" sx={{ fontWeight: 800, fontSize: size * 0.62, letterSpacing: '-0.02em', color: 'inherit' }}>
        {t('appName')}
      </Typography>
    </Box>
  );
}
