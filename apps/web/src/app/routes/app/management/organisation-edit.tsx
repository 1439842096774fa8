import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { EditOrganization } from '@/features/organizations/components/edit-organization';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

const LIST = '/management/organisation';

/** /management/organisation/edit/{id}. */
export default function OrganisationEditRoute() {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user } = useSignedIn();
  const canSave = useCan('organisation', 'edit');
  return (
    <Page title={t('editTitle')} namespaces={['organizations', 'common']}>
      <PageHeader title={t('editTitle')} crumbs={[{ label: t('title'), to: LIST }, { label: t('editTitle') }]} />
      <EditOrganization
        key={id}
        id={id}
        isStaff={user.organization === null}
        ownOrganizationId={user.organization?.id ?? null}
        canSave={canSave}
        onSaved={() => navigate(LIST)}
        onCancel={() => navigate(LIST)}
      />
    </Page>
  );
}
