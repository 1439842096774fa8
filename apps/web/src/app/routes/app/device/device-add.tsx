import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { DeviceForm } from '@/features/devices/components/device-form';
import { useCan } from '@/lib/authorization';

const LIST = '/device';

/** /device/add (Add Device). */
export default function DeviceAddRoute() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const allowed = useCan('device', 'addDevice');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('addTitle')} namespaces={['devices', 'common']}>
      <PageHeader title={t('addTitle')} crumbs={[{ label: t('title'), to: LIST }, { label: t('addTitle') }]} />
      <DeviceForm onSaved={(savedDevice) => navigate(LIST, { state: { savedDevice } })} onCancel={() => navigate(LIST)} />
    </Page>
  );
}
