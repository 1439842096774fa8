import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { IpGroupForm } from '@/features/whitelists/components/ip-group-form';
import { useCan } from '@/lib/authorization';

const LIST = '/white-listing/group';

/** /white-listing/group/add (Add Group). */
export default function IpGroupAddRoute() {
  const { t } = useTranslation(['whitelists', 'common']);
  const navigate = useNavigate();
  if (!useCan('ip-group', 'addGroup')) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('ipGroups.addTitle')} namespaces={['whitelists', 'common']}>
      <PageHeader
        title={t('ipGroups.addTitle')}
        section={{ label: t('common:groups.white-listing'), to: '/white-listing' }}
        crumbs={[{ label: t('ipGroups.title'), to: LIST }, { label: t('ipGroups.addTitle') }]}
      />
      <IpGroupForm onSaved={() => navigate(LIST)} onCancel={() => navigate(LIST)} />
    </Page>
  );
}
