import { MODULES } from '@tarang/shared/modules/module-catalogue';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { DashboardTrends } from '@/features/dashboard/components/dashboard-trends';
import { useAccess } from '@/lib/auth';
import { canSeeModule } from '@/lib/permissions';

/** /dashboardv2: the figures with charts over a date range and a drill-down by organisation (its own lazy chunk). */
export default function DashboardV2Route() {
  const { t } = useTranslation('common');
  const access = useAccess();
  const canOpen = (path: string) => {
    const module = MODULES.find((m) => m.path === path);
    return module !== undefined && canSeeModule(access, module.id);
  };
  return (
    <Page title={t('modules.dashboardv2')} namespaces={['dashboard', 'common']}>
      <DashboardTrends canOpen={canOpen} />
    </Page>
  );
}
