import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** The Beta badge, drawn as the sidebar draws it beside a beta module. */
export function BetaBadge() {
  const { t } = useTranslation('common');
  return (
    <Chip
      label={t('badges.beta')}
      size="small"
      sx={(theme) => ({
        height: 20,
        fontSize: '0.7rem',
        fontWeight: 700,
        color: '#FFFFFF',
        bgcolor: '#9A3412',
        borderRadius: `${theme.radii.sm}px`,
      })}
    />
  );
}
