import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { EditDevice } from '@/features/devices/components/edit-device';
import { useCan } from '@/lib/authorization';

const LIST = '/device';

/** /device/edit/{id} (Edit). */
export default function DeviceEditRoute() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const allowed = useCan('device', 'edit');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  return (
    <Page title={t('editTitle')} namespaces={['devices', 'common']}>
      <PageHeader title={t('editTitle')} crumbs={[{ label: t('title'), to: LIST }, { label: t('editTitle') }]} />
      <EditDevice key={id} id={id} onSaved={(savedDevice) => navigate(LIST, { state: { savedDevice } })} onCancel={() => navigate(LIST)} />
    </Page>
  );
}
