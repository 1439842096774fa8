import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { ActivationForm } from '@/features/activations/components/activation-form';
import { activationHref } from '@/features/activations/components/activations-table';
import { readSimActionsEntry } from '@/features/requests/utils/sim-actions-entry';
import { useCan } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['activations', 'requests', 'ui']);

const LIST = '/activation';

/**
 * /activation/add (Add Activation): a plan put on SIMs, paid from the buyer's wallet. Other screens may hand over SIMs
 * as /sim-actions takes them: react-router state `{ iccids: string[] }` or `{ filter: TSimFilter, limit?: number }`.
 */
export default function ActivationAddRoute() {
  const { t } = useTranslation('activations');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const allowed = useCan('activation', 'addActivation');
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  const { iccids, filter, limit } = readSimActionsEntry(searchParams, location.state);
  return (
    <Page title={t('add.title')} namespaces={['activations', 'requests', 'common', 'ui']}>
      <PageHeader
        title={t('add.title')}
        subtitle={t('add.subtitle')}
        section={{ label: t('list.title'), to: LIST }}
        crumbs={[{ label: t('add.title') }]}
      />
      <ActivationForm
        key={location.key}
        entry={{ iccids, filter, limit }}
        onCreated={(activation) => navigate(activationHref(activation.id))}
        onCancel={() => navigate(LIST)}
      />
    </Page>
  );
}
