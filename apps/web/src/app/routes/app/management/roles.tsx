import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { RolesTable } from '@/features/roles/components/roles-table';
import { Can, useCan } from '@/lib/authorization';

/** /management/role. */
export default function RolesRoute() {
  const { t } = useTranslation('roles');
  const canEdit = useCan('role', 'edit');
  const canDelete = useCan('role', 'delete');
  const canSeeOrganizations = useCan('organisation');
  return (
    <Page title={t('title')} namespaces={['roles', 'common']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        crumbs={[{ label: t('title') }]}
        action={
          <Can module="role" action="add">
            <Button component={RouterLink} to="/management/role/add" variant="contained" startIcon={<AddOutlined />}>
              {t('actions.add')}
            </Button>
          </Can>
        }
      />
      <RolesTable canEdit={canEdit} canDelete={canDelete} canSeeOrganizations={canSeeOrganizations} />
    </Page>
  );
}
