import LockOutlined from '@mui/icons-material/LockOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import SimCardOutlined from '@mui/icons-material/SimCardOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '@/components/ui/brand-logo';
import { Page } from '@/components/ui/page';
import { CONTACT_EMAIL, paths } from '@/config/paths';

/** The footer year of the public pages (spec §1). */
export const FOOTER_YEAR = 2024;

/** Links that open the terms and the privacy policy in a new tab. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  );
}

export function PublicFooter() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: 2, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center', color: 'text.secondary' }}
    >
      <Typography variant="body2">{t('footer.copyright', { year: FOOTER_YEAR })}</Typography>
      <Typography variant="body2">
        <NewTabLink href={paths.public.termOfUse.getHref()}>{t('footer.termsOfUse')}</NewTabLink>
      </Typography>
      <Typography variant="body2">
        <NewTabLink href={paths.public.privacy.getHref()}>{t('footer.privacy')}</NewTabLink>
      </Typography>
    </Box>
  );
}

function MarketingPanel() {
  const { t } = useTranslation('common');
  const points = [
    { icon: <LockOutlined />, text: t('marketing.pointSecure') },
    { icon: <SimCardOutlined />, text: t('marketing.pointSims') },
    { icon: <RouterOutlined />, text: t('marketing.pointDevices') },
  ];
  return (
    <Box
      component="aside"
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        width: { md: 420, lg: 520 },
        flex: 'none',
        p: { md: 5, lg: 7 },
        color: '#E7ECFA',
        background: 'linear-gradient(160deg, #0B1437 0%, #132A7A 60%, #1B3FD6 100%)',
      }}
    >
      <BrandLogo color="#FFFFFF" />
      <Box>
        <Typography
          component="h2"
          sx={{ fontSize: { md: '1.9rem', lg: '2.3rem' }, fontWeight: 800, lineHeight: 1.2, mb: 2, color: '#FFFFFF' }}
        >
          {t('marketing.headline')}
        </Typography>
        <Typography sx={{ color: '#C9D2F0', mb: 3, fontSize: '1.05rem' }}>{t('marketing.body')}</Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {points.map((p) => (
            <Box component="li" key={p.text} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <Box
                sx={{ display: 'grid', placeItems: 'center', width: 36, height: 36, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.12)' }}
              >
                {p.icon}
              </Box>
              <Typography>{p.text}</Typography>
            </Box>
          ))}
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ color: '#C9D2F0' }}>
        {t('marketing.questions')}{' '}
        <Link href={`mailto:${CONTACT_EMAIL}`} sx={{ color: '#FFFFFF', fontWeight: 600 }}>
          {t('marketing.contactUs')}
        </Link>
        {' · '}
        <Link href={paths.public.termOfUse.getHref()} target="_blank" rel="noopener noreferrer" sx={{ color: '#FFFFFF', fontWeight: 600 }}>
          {t('marketing.terms')}
        </Link>
      </Typography>
    </Box>
  );
}

/** The marketing text under the form on small screens, where the side panel does not fit. */
function CompactMarketing() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: { xs: 'block', md: 'none' }, maxWidth: 480, width: '100%', mt: 3, textAlign: 'center' }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', mb: 0.5 }}>
        {t('marketing.headline')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('marketing.questions')}{' '}
        <Link href={`mailto:${CONTACT_EMAIL}`} sx={{ fontWeight: 600 }}>
          {t('marketing.contactUs')}
        </Link>
        {' · '}
        <Link href={paths.public.termOfUse.getHref()} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
          {t('marketing.terms')}
        </Link>
      </Typography>
    </Box>
  );
}

/** Sign-in, password and public pages: the marketing panel on wide screens, the form and the footer. */
export function AuthLayout({ children, marketing = true }: { children: ReactNode; marketing?: boolean }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      {marketing && <MarketingPanel />}
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box
          component="main"
          sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: { xs: 2, sm: 3 } }}
        >
          <Paper
            elevation={0}
            sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 4 }, borderRadius: 3, border: 1, borderColor: 'divider' }}
          >
            <Box sx={{ display: { xs: 'block', md: marketing ? 'none' : 'block' }, mb: 3 }}>
              <BrandLogo />
            </Box>
            {children}
          </Paper>
          {marketing && <CompactMarketing />}
        </Box>
        <PublicFooter />
      </Box>
    </Box>
  );
}

export const AUTH_NAMESPACES = ['auth', 'common', 'messages', 'errors'] as const;

type TAuthPageProps = {
  /** The heading, also the browser tab's title. */
  title: string;
  subtitle?: string;
  /** The link under the form (back to sign-in, or to the dashboard). */
  back?: { to: string; label: string };
  children: ReactNode;
};

/** A sign-in or password page: its heading and subtitle, the form, and a way back under it. */
export function AuthPage({ title, subtitle, back, children }: TAuthPageProps) {
  return (
    <AuthLayout>
      <Page title={title} namespaces={AUTH_NAMESPACES}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
        {back && (
          <Box sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to={back.to} variant="body2" sx={{ fontWeight: 600 }}>
              {back.label}
            </Link>
          </Box>
        )}
      </Page>
    </AuthLayout>
  );
}
