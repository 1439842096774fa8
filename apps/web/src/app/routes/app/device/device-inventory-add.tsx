import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { DeviceForm } from '@/features/devices/components/device-form';
import { useCan } from '@/lib/authorization';

const LIST = '/device-inventory';

/** /device-inventory/add (add-device-inventory): a device into stock, without a SIM. */
export default function DeviceInventoryAddRoute() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const allowed = useCan('device-inventory', 'addDeviceInventory');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('inventory.addTitle')} namespaces={['devices', 'common']}>
      <PageHeader
        title={t('inventory.addTitle')}
        crumbs={[{ label: t('inventory.title'), to: LIST }, { label: t('inventory.addTitle') }]}
      />
      <DeviceForm inventory onSaved={() => navigate(LIST)} onCancel={() => navigate(LIST)} />
    </Page>
  );
}
