import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { NumberGroupForm } from '@/features/whitelists/components/number-group-form';
import { useCan } from '@/lib/authorization';

const LIST = '/white-listing/number';

/** /white-listing/number/add (a new group, with the Add Number permission). */
export default function NumberGroupAddRoute() {
  const { t } = useTranslation(['whitelists', 'common']);
  const navigate = useNavigate();
  if (!useCan('number-group', 'addNumber')) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('numberGroups.addTitle')} namespaces={['whitelists', 'common']}>
      <PageHeader
        title={t('numberGroups.addTitle')}
        section={{ label: t('common:groups.white-listing'), to: '/white-listing' }}
        crumbs={[{ label: t('numberGroups.title'), to: LIST }, { label: t('numberGroups.addTitle') }]}
      />
      <NumberGroupForm onSaved={() => navigate(LIST)} onCancel={() => navigate(LIST)} />
    </Page>
  );
}
