import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';

type TCrumb = { label: string; to?: string };

/**
 * Title row of a page: breadcrumbs (the section, Management by default, then `crumbs`), the heading
 * and the page's main actions.
 */
export function PageHeader({
  title,
  crumbs,
  action,
  subtitle,
  section,
}: {
  title: string;
  crumbs: TCrumb[];
  action?: ReactNode;
  subtitle?: string;
  /** The first crumb; null for a page outside a group. */
  section?: TCrumb | null;
}) {
  const { t } = useTranslation('common');
  const first = section === undefined ? { label: t('groups.management'), to: '/management' } : section;
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
        {(first || crumbs.length > 0) && (
          <Breadcrumbs aria-label={first?.label ?? crumbs[0]?.label ?? title} sx={{ mb: 0.5, fontSize: '0.875rem' }}>
            {first && (
              <Link to={first.to ?? '/'} underline="hover" color="inherit">
                {first.label}
              </Link>
            )}
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
        )}
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
