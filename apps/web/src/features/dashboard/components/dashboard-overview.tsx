import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import PowerOutlined from '@mui/icons-material/PowerOutlined';
import SimCardOutlined from '@mui/icons-material/SimCardOutlined';
import TroubleshootOutlined from '@mui/icons-material/TroubleshootOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { getModule, MODULES } from '@tarang/shared/modules/module-catalogue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccess, useSignedIn } from '@/lib/auth';
import { formatDateTime } from '@/lib/date';
import { canSeeModule } from '@/lib/permissions';
import { useDashboard } from '../api/get-dashboard';
import { DashboardTiles } from './dashboard-tiles';

const CARDS: { moduleId: string; icon: ReactNode }[] = [
  { moduleId: 'sim-inventory', icon: <SimCardOutlined /> },
  { moduleId: 'sim-diagnosis', icon: <TroubleshootOutlined /> },
  { moduleId: 'request', icon: <AssignmentOutlined /> },
  { moduleId: 'activation', icon: <PowerOutlined /> },
  { moduleId: 'sim-actions', icon: <BoltOutlined /> },
  { moduleId: 'work-calendar', icon: <CalendarMonthOutlined /> },
];

/** The dashboard: a welcome and the places operators go first, for the modules this user may open. */
export function DashboardOverview() {
  const { t } = useTranslation('dashboard');
  const tc = useTranslation('common').t;
  const { user, role } = useSignedIn();
  const access = useAccess();
  const cards = CARDS.filter((c) => canSeeModule(access, c.moduleId)).flatMap((c) => {
    const module = getModule(c.moduleId);
    return module ? [{ ...c, module }] : [];
  });
  const figures = useDashboard(null);
  const canOpen = (path: string) => {
    const module = MODULES.find((m) => m.path === path);
    return module !== undefined && canSeeModule(access, module.id);
  };
  return (
    <Box>
      <Card elevation={0} sx={{ mb: 3, border: 1, borderColor: 'divider' }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          <Typography variant="h1" sx={{ mb: 1 }} data-testid="dashboard-welcome">
            {t('welcome', { name: user.firstName })}
          </Typography>
          <Typography color="text.secondary">
            {t('signedInAs', { role: role.name })}
            {user.organization ? ` · ${user.organization.tradeName}` : ''}
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
            {t('now', { time: formatDateTime(Date.now()) })}
          </Typography>
        </CardContent>
      </Card>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
        {t('tiles.heading')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <DashboardTiles data={figures.data} error={figures.error} canOpen={canOpen} />
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
        {t('quickAccess')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {cards.map(({ module, icon }) => (
          <Card
            key={module.id}
            elevation={0}
            sx={{ border: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column' }}
            data-testid={`dashboard-card-${module.id}`}
          >
            <CardContent sx={{ flex: 1 }}>
              <Box
                sx={{
                  display: 'grid',
                  placeItems: 'center',
                  width: 44,
                  height: 44,
                  borderRadius: 2,
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                  mb: 1.5,
                }}
                aria-hidden="true"
              >
                {icon}
              </Box>
              <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
                {tc(module.label)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`cards.${module.id}`)}
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button
                component={RouterLink}
                to={module.path}
                endIcon={<ArrowForwardOutlined />}
                aria-label={t('openModule', { module: tc(module.label) })}
              >
                {t('open')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
