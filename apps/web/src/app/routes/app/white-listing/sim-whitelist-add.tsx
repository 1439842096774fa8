import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useShellRouteHandle } from '@/app/shell-route';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { readSimActionsEntry } from '@/features/requests/utils/sim-actions-entry';
import { SimWhitelistForm } from '@/features/whitelists/components/sim-whitelist-form';
import { simWhitelistKindOf } from '@/features/whitelists/utils/sim-whitelist-kinds';
import { useCan } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

export const ready = i18n.loadNamespaces(['whitelists', 'requests', 'ui']);

/**
 * /white-listing/ip/add and /white-listing/numbers/add (Add): a group put on SIMs. Other screens may hand over SIMs as
 * /sim-actions takes them: react-router state `{ iccids: string[] }` or `{ filter: TSimFilter, limit?: number }`.
 */
export default function SimWhitelistAddRoute() {
  const { t } = useTranslation(['whitelists', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const kind = simWhitelistKindOf(useShellRouteHandle().moduleId);
  const allowed = useCan(kind?.module ?? 'whitelist-ip', 'add');
  if (!kind) return <StatusPage kind="notFound" embedded />;
  if (!allowed) return <StatusPage kind="forbidden" embedded />;
  const { iccids, filter, limit } = readSimActionsEntry(searchParams, location.state);
  const title = t(`simWhitelists.${kind.words}.addTitle`);
  return (
    <Page title={title} namespaces={['whitelists', 'requests', 'common', 'ui']}>
      <PageHeader
        title={title}
        subtitle={t(`simWhitelists.${kind.words}.addSubtitle`)}
        section={{ label: t('common:groups.white-listing'), to: '/white-listing' }}
        crumbs={[{ label: t(`simWhitelists.${kind.words}.title`), to: kind.route }, { label: title }]}
      />
      <SimWhitelistForm
        key={`${kind.kind}-${location.key}`}
        kind={kind.kind}
        entry={{ iccids, filter, limit }}
        onCancel={() => navigate(kind.route)}
      />
    </Page>
  );
}
