import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { NumberGroupsTable } from '@/features/whitelists/components/number-groups-table';
import { Can } from '@/lib/authorization';

/** /white-listing/number. */
export default function NumberGroupsRoute() {
  const { t } = useTranslation(['whitelists', 'common']);
  return (
    <Page title={t('numberGroups.title')} namespaces={['whitelists', 'common']}>
      <PageHeader
        title={t('numberGroups.title')}
        subtitle={t('numberGroups.subtitle')}
        section={{ label: t('common:groups.white-listing'), to: '/white-listing' }}
        crumbs={[{ label: t('numberGroups.title') }]}
        action={
          <Can module="number-group" action="addNumber">
            <Button component={RouterLink} to="/white-listing/number/add" variant="contained" startIcon={<AddOutlined />}>
              {t('actions.addNumberGroup')}
            </Button>
          </Can>
        }
      />
      <NumberGroupsTable />
    </Page>
  );
}
