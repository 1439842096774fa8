import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PublicFooter } from '@/components/layouts/auth-layout';
import { BrandLogo } from '@/components/ui/brand-logo';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

export type TStatusKind = 'notFound' | 'serverError' | 'maintenance' | 'comingSoon' | 'forbidden';

type TStatusPageProps = {
  kind: TStatusKind;
  /** Inside the console shell the page has no logo and footer of its own. */
  embedded?: boolean;
  /** Replaces the standard text (e.g. the name of a module that is coming soon). */
  title?: string;
  children?: ReactNode;
};

const CODES: Record<TStatusKind, string> = { notFound: '404', serverError: '500', maintenance: '', comingSoon: '', forbidden: '403' };

/** Not found, server error, maintenance and coming soon (spec §2 /status pages), and the no-access notice. */
export function StatusPage({ kind, embedded = false, title, children }: TStatusPageProps) {
  const { t } = useTranslation('common');
  const heading = title ?? t(`status.${kind}.title`);
  const body = (
    <Box sx={{ textAlign: 'center', maxWidth: 560, mx: 'auto', py: embedded ? 6 : 0 }}>
      {CODES[kind] && (
        <Typography
          aria-hidden="true"
          sx={{ fontSize: { xs: '4.5rem', sm: '6rem' }, fontWeight: 800, lineHeight: 1, color: 'primary.main', mb: 2 }}
        >
          {CODES[kind]}
        </Typography>
      )}
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        {heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(`status.${kind}.text`)}
      </Typography>
      {children}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.dashboard.getHref()} variant="contained">
          {t('status.goToDashboard')}
        </Button>
        {kind === 'serverError' && (
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t('status.tryAgain')}
          </Button>
        )}
      </Box>
    </Box>
  );
  if (embedded) {
    return (
      <Page title={heading} namespaces={['common']}>
        {body}
      </Page>
    );
  }
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ p: 3 }}>
        <BrandLogo />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3 }}>
        <Page title={heading} namespaces={['common']}>
          {body}
        </Page>
      </Box>
      <PublicFooter />
    </Box>
  );
}
