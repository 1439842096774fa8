import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';

/** /dashboard. */
export default function DashboardRoute() {
  const { t } = useTranslation('common');
  return (
    <Page title={t('modules.dashboard')} namespaces={['dashboard', 'common']}>
      <DashboardOverview />
    </Page>
  );
}
