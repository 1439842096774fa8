import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { IpGroupsTable } from '@/features/whitelists/components/ip-groups-table';
import { Can } from '@/lib/authorization';

/** /white-listing/group. */
export default function IpGroupsRoute() {
  const { t } = useTranslation(['whitelists', 'common']);
  return (
    <Page title={t('ipGroups.title')} namespaces={['whitelists', 'common']}>
      <PageHeader
        title={t('ipGroups.title')}
        subtitle={t('ipGroups.subtitle')}
        section={{ label: t('common:groups.white-listing'), to: '/white-listing' }}
        crumbs={[{ label: t('ipGroups.title') }]}
        action={
          <Can module="ip-group" action="addGroup">
            <Button component={RouterLink} to="/white-listing/group/add" variant="contained" startIcon={<AddOutlined />}>
              {t('actions.addGroup')}
            </Button>
          </Can>
        }
      />
      <IpGroupsTable />
    </Page>
  );
}
