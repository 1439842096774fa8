import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { EditRole } from '@/features/roles/components/edit-role';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';

const LIST = '/management/role';

/** /management/role/edit/{id} (built-in roles open read-only). */
export default function RoleEditRoute() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user, role } = useSignedIn();
  const canSave = useCan('role', 'edit');
  const canListOrganizations = useCan('organisation');
  const title = canSave ? t('editTitle') : t('viewTitle');
  return (
    <Page title={title} namespaces={['roles', 'common']}>
      <PageHeader title={title} crumbs={[{ label: t('title'), to: LIST }, { label: title }]} />
      <EditRole
        key={id}
        id={id}
        isStaff={user.organization === null}
        ownOrganizationId={user.organization?.id ?? null}
        grantable={role.authScopes}
        canSave={canSave && id !== role.id}
        canListOrganizations={canListOrganizations}
        onSaved={() => navigate(LIST)}
        onCancel={() => navigate(LIST)}
      />
    </Page>
  );
}
