import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { DevicesTable } from '@/features/devices/components/devices-table';
import { SavedDeviceNotice } from '@/features/devices/components/saved-device-notice';
import { savedDeviceOf } from '@/features/devices/utils/saved-device';
import { Can } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

// The page's words: the shell shows the page it opens on once they are there (shell-routes.tsx).
export const ready = i18n.loadNamespaces(['devices', 'list', 'ui']);

/** /device: the devices in reach, with Add Device. */
export default function DevicesRoute() {
  const { t } = useTranslation('devices');
  const location = useLocation();
  return (
    <Page title={t('title')} namespaces={['devices', 'list', 'common']}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        crumbs={[{ label: t('title') }]}
        action={
          <Can module="device" action="addDevice">
            <Button component={RouterLink} to="/device/add" variant="contained" startIcon={<AddOutlined />}>
              {t('actions.add')}
            </Button>
          </Can>
        }
      />
      <SavedDeviceNotice key={location.key} saved={savedDeviceOf(location.state)} />
      <DevicesTable />
    </Page>
  );
}
