import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { OrganizationsTable } from '@/features/organizations/components/organizations-table';
import { Can } from '@/lib/authorization';

/** /management/organisation (and ?_id={id} from global search). */
export default function OrganisationsRoute() {
  const { t } = useTranslation('organizations');
  return (
    <Page title={t('title')} namespaces={['organizations', 'common']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        crumbs={[{ label: t('title') }]}
        action={
          <Can module="organisation" action="add">
            <Button component={RouterLink} to="/management/organisation/add" variant="contained" startIcon={<AddOutlined />}>
              {t('actions.add')}
            </Button>
          </Can>
        }
      />
      <OrganizationsTable />
    </Page>
  );
}
