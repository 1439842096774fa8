import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { RoleForm } from '@/features/roles/components/role-form';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

const LIST = '/management/role';

/** /management/role/add. */
export default function RoleAddRoute() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const { user, role } = useSignedIn();
  const allowed = useCan('role', 'add');
  const canListOrganizations = useCan('organisation');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('addTitle')} namespaces={['roles', 'common']}>
      <PageHeader title={t('addTitle')} crumbs={[{ label: t('title'), to: LIST }, { label: t('addTitle') }]} />
      <RoleForm
        isStaff={user.organization === null}
        ownOrganizationId={user.organization?.id ?? null}
        grantable={role.authScopes}
        canSave
        canListOrganizations={canListOrganizations}
        onSaved={() => navigate(LIST)}
        onCancel={() => navigate(LIST)}
      />
    </Page>
  );
}
