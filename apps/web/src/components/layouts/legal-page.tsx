import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/ui/brand-logo';
import { Page } from '@/components/ui/page';
import { PublicFooter } from './auth-layout';

/** Terms of use and privacy policy: a heading, an effective date and numbered sections. */
export function LegalPage({ document: doc }: { document: 'termsOfUse' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const sections = t(`${doc}.sections`, { returnObjects: true }) as { heading: string; text: string }[];
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ p: 3 }}>
        <BrandLogo />
      </Box>
      <Container component="main" maxWidth="md" sx={{ flex: 1, pb: 4 }}>
        <Page title={t(`${doc}.title`)} namespaces={['legal', 'common']}>
          <Paper elevation={0} sx={{ p: { xs: 3, sm: 5 }, border: 1, borderColor: 'divider' }}>
            <Typography variant="h1" sx={{ mb: 1 }}>
              {t(`${doc}.title`)}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('effective')}
            </Typography>
            <Typography sx={{ mb: 3 }}>{t(`${doc}.intro`)}</Typography>
            {Array.isArray(sections) &&
              sections.map((s, i) => (
                <Box component="section" key={s.heading} sx={{ mb: 2.5 }}>
                  <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
                    {i + 1}. {s.heading}
                  </Typography>
                  <Typography color="text.secondary">{s.text}</Typography>
                </Box>
              ))}
          </Paper>
        </Page>
      </Container>
      <PublicFooter />
    </Box>
  );
}
