import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { DevicesTable } from '@/features/devices/components/devices-table';
import { Can } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

// The page's words: the shell shows the page it opens on once they are there (shell-routes.tsx).
export const ready = i18n.loadNamespaces(['devices', 'list', 'ui']);

/** /device-inventory: the devices holding no SIM, with Add to inventory and Assign to organisation. */
export default function DeviceInventoryRoute() {
  const { t } = useTranslation('devices');
  return (
    <Page title={t('inventory.title')} namespaces={['devices', 'list', 'common']}>
      <PageHeader
        title={t('inventory.title')}
        subtitle={t('inventory.subtitle')}
        crumbs={[{ label: t('inventory.title') }]}
        action={
          <Can module="device-inventory" action="addDeviceInventory">
            <Button component={RouterLink} to="/device-inventory/add" variant="contained" startIcon={<AddOutlined />}>
              {t('actions.addToInventory')}
            </Button>
          </Can>
        }
      />
      <DevicesTable inventory />
    </Page>
  );
}
