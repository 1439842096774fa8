import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useShellRouteHandle } from '@/app/shell-route';
import { StatusPage } from '@/components/errors/status-page';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { SimWhitelistsTable } from '@/features/whitelists/components/sim-whitelists-table';
import { simWhitelistKindOf } from '@/features/whitelists/utils/sim-whitelist-kinds';
import { Can } from '@/lib/authorization';
import { i18n } from '@/lib/i18n/i18n';

// The page's words come with its code: the page then renders without waiting for them.
export const ready = i18n.loadNamespaces(['whitelists', 'requests', 'ui']);

/** /white-listing/ip and /white-listing/numbers: the whitelists of the kind on SIMs, by the shell's module. */
export default function SimWhitelistsRoute() {
  const { t } = useTranslation(['whitelists', 'common']);
  const kind = simWhitelistKindOf(useShellRouteHandle().moduleId);
  if (!kind) return <StatusPage kind="notFound" embedded />;
  const title = t(`simWhitelists.${kind.words}.title`);
  return (
    <Page title={title} namespaces={['whitelists', 'requests', 'common', 'ui']}>
      <PageHeader
        title={title}
        subtitle={t(`simWhitelists.${kind.words}.subtitle`)}
        section={{ label: t('common:groups.white-listing'), to: '/white-listing' }}
        crumbs={[{ label: title }]}
        action={
          <Can module={kind.module} action="add">
            <Button component={RouterLink} to={`${kind.route}/add`} variant="contained" startIcon={<AddOutlined />}>
              {t('simWhitelists.actions.add')}
            </Button>
          </Can>
        }
      />
      <SimWhitelistsTable key={kind.kind} kind={kind.kind} />
    </Page>
  );
}
