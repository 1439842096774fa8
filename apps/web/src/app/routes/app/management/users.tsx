import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { UsersTable } from '@/features/users/components/users-table';
import { Can } from '@/lib/authorization';

/** /management/user (and ?_id={id} from global search). */
export default function UsersRoute() {
  const { t } = useTranslation('users');
  return (
    <Page title={t('title')} namespaces={['users', 'common']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        crumbs={[{ label: t('title') }]}
        action={
          <Can module="user" action="add">
            <Button component={RouterLink} to="/management/user/add" variant="contained" startIcon={<AddOutlined />}>
              {t('actions.add')}
            </Button>
          </Can>
        }
      />
      <UsersTable />
    </Page>
  );
}
