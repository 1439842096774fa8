import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { useActivation } from '@/features/activations/api/get-activation';
import { ActivationDetails } from '@/features/activations/components/activation-details';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['activations', 'requests', 'ui']);

const ID = /^[0-9a-f]{24}$/;

/** /activation/{id}: one activation, its money and its SIMs' progress, live. */
export default function ActivationViewRoute() {
  const { t } = useTranslation('activations');
  const { id = '' } = useParams();
  const valid = ID.test(id);
  const query = useActivation(id, valid);
  const activation = query.data;
  const title = activation ? t('details.title', { batchJobId: activation.request.batchJobId }) : t('details.titlePlain');
  return (
    <Page title={title} namespaces={['activations', 'requests', 'common', 'ui']}>
      <PageHeader
        title={title}
        subtitle={
          activation
            ? t('details.subtitle', {
                plan: activation.plan.name,
                organization: activation.organization.tradeName,
                count: activation.simsCount,
              })
            : undefined
        }
        section={{ label: t('list.title'), to: '/activation' }}
        crumbs={[{ label: activation?.request.batchJobId ?? t('details.titlePlain') }]}
      />
      {valid ? (
        <ActivationDetails key={id} id={id} />
      ) : (
        <Alert severity="warning" role="alert">
          {t('details.notFound')}
        </Alert>
      )}
    </Page>
  );
}
