import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useShellRouteHandle } from '@/app/shell-route';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { SimWhitelistEdit } from '@/features/whitelists/components/sim-whitelist-edit';
import { simWhitelistKindOf } from '@/features/whitelists/utils/sim-whitelist-kinds';
import { useCan } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['whitelists', 'requests', 'ui']);

/** /white-listing/ip/edit/{iccid} and /white-listing/numbers/edit/{iccid} (Edit): another group on one SIM. */
export default function SimWhitelistEditRoute() {
  const { t } = useTranslation(['whitelists', 'common']);
  const { id = '' } = useParams();
  const kind = simWhitelistKindOf(useShellRouteHandle().moduleId);
  const allowed = useCan(kind?.module ?? 'whitelist-ip', 'edit');
  if (!kind) return <StatusPage kind="notFound" embedded />;
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  const title = t(`simWhitelists.${kind.words}.editTitle`, { iccid: id });
  return (
    <Page title={title} namespaces={['whitelists', 'requests', 'common', 'ui']}>
      <PageHeader
        title={title}
        section={{ label: t('common:groups.white-listing'), to: '/white-listing' }}
        crumbs={[{ label: t(`simWhitelists.${kind.words}.title`), to: kind.route }, { label: id }]}
      />
      <SimWhitelistEdit key={`${kind.kind}-${id}`} kind={kind.kind} iccid={id} />
    </Page>
  );
}
