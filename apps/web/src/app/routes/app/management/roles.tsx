import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { RolesTable } from '@/features/roles/components/roles-table';
import { Can } from '@/lib/authorization';

/** /management/role. */
export default function RolesRoute() {
  const { t } = useTranslation('roles');
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
      <RolesTable />
    </Page>
  );
}
