import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MODULE_GROUPS, MODULES } from '@tarang/shared/modules/module-catalogue';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useShellRouteHandle } from '@/app/shell-route';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { useAccess } from '@/lib/auth';
import { canSeeModule } from '@/lib/permissions';

/** /requests, /report, /management, /white-listing: the group's modules this user may open. */
export default function GroupRoute() {
  const { t } = useTranslation('common');
  const { groupId } = useShellRouteHandle();
  const access = useAccess();
  const group = MODULE_GROUPS.find((g) => g.id === groupId);
  if (!group) return <StatusPage kind="notFound" embedded />;
  const modules = MODULES.filter((m) => m.group === group.id && canSeeModule(access, m.id)).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
  if (!modules.length) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t(group.label)} namespaces={['common']}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t(group.label)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {modules.map((m) => (
          <Card key={m.id} elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
            <CardActionArea component={RouterLink} to={m.path} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{t(m.label)}</Typography>
                <ArrowForwardOutlined color="primary" aria-hidden="true" />
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Page>
  );
}
