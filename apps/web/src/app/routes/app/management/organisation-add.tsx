import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { OrganizationForm } from '@/features/organizations/components/organization-form';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

const LIST = '/management/organisation';

/** /management/organisation/add. */
export default function OrganisationAddRoute() {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const { user } = useSignedIn();
  const allowed = useCan('organisation', 'add');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('addTitle')} namespaces={['organizations', 'common']}>
      <PageHeader title={t('addTitle')} crumbs={[{ label: t('title'), to: LIST }, { label: t('addTitle') }]} />
      <OrganizationForm
        isStaff={user.organization === null}
        ownOrganizationId={user.organization?.id ?? null}
        canSave
        onSaved={() => navigate(LIST)}
        onCancel={() => navigate(LIST)}
      />
    </Page>
  );
}
