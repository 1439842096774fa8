import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';

type TCrumb = { label: string; to?: string };

/** Title row of a management page: breadcrumbs (Management › …), the heading and the page's main action. */
export function PageHeader({
  title,
  crumbs,
  action,
  subtitle,
}: {
  title: string;
  crumbs: TCrumb[];
  action?: ReactNode;
  subtitle?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'flex-end' },
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
        flexDirection: { xs: 'column', sm: 'row' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Breadcrumbs aria-label={t('groups.management')} sx={{ mb: 0.5, fontSize: '0.875rem' }}>
          <Link to="/management" underline="hover" color="inherit">
            {t('groups.management')}
          </Link>
          {crumbs.map((c) =>
            c.to ? (
              <Link key={c.label} to={c.to} underline="hover" color="inherit">
                {c.label}
              </Link>
            ) : (
              <Typography key={c.label} color="text.primary" sx={{ fontSize: 'inherit' }}>
                {c.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
        <Typography variant="h1">{title}</Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {action && <Box sx={{ flex: 'none' }}>{action}</Box>}
    </Box>
  );
}
