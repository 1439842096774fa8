import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { OrganizationSettings } from '@/features/organizations/components/organization-settings-form';
import { useCan } from '@/lib/authorization';

const LIST = '/management/organisation';

/** /management/organisation/edit-settings/{id}. */
export default function OrganisationSettingsRoute() {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const canSave = useCan('organisation', 'editSettings');
  return (
    <Page title={t('settingsTitle')} namespaces={['organizations', 'common']}>
      <PageHeader title={t('settingsTitle')} crumbs={[{ label: t('title'), to: LIST }, { label: t('settingsTitle') }]} />
      <OrganizationSettings key={id} id={id} canSave={canSave} onSaved={() => navigate(LIST)} onCancel={() => navigate(LIST)} />
    </Page>
  );
}
