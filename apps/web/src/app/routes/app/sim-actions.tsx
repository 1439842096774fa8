/**
 * /sim-actions — a request on many SIMs (issue 5).
 *
 * Entry contract for other screens (the SIM inventory's bulk actions, a SIM's page):
 *   navigate(`/sim-actions?action=<TYPE>`, { state: { iccids: string[] } })   — the SIMs ticked
 *   navigate(`/sim-actions?action=<TYPE>`, { state: { filter: TSimFilter, limit?: number } }) — every SIM the
 *     inventory's filter matches (the body form, as `simFilterBody` makes it; `limit` = the first N by ICCID)
 * TYPE is one of SIM_ACTION_TYPES (ACTIVATE, SUSPEND, RESUME, TERMINATE, IMEI_LOCK, IMEI_UNLOCK); `simActionsHref()` in
 * features/requests/utils/sim-actions-entry.ts builds the link. Without state the user pastes or uploads ICCIDs.
 * An action the user's role does not allow is ignored (they choose among those it allows).
 */
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { requestHref } from '@/features/requests/components/requests-table';
import { allowedActions, SimActionForm } from '@/features/requests/components/sim-action-form';
import { useRequestPermissions } from '@/features/requests/hooks/use-request-permissions';
import { readSimActionsEntry } from '@/features/requests/utils/sim-actions-entry';
import { i18n } from '@/lib/i18n/i18n';

// The page's words come with its code: the page then renders without waiting for them.
export const ready = i18n.loadNamespaces(['requests', 'ui']);

export default function SimActionsRoute() {
  const { t } = useTranslation('requests');
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const perms = useRequestPermissions();
  const actions = allowedActions(perms);
  // Read once: the state stays with this history entry, so going back here shows the same SIMs.
  const entry = readSimActionsEntry(searchParams, location.state);
  return (
    <Page title={t('simActions.title')} namespaces={['requests', 'common', 'ui']}>
      <PageHeader title={t('simActions.title')} subtitle={t('simActions.subtitle')} section={null} crumbs={[]} />
      {actions.length === 0 ? (
        <Alert severity="warning" role="alert">
          {t('simActions.noActions')}
        </Alert>
      ) : (
        <SimActionForm
          key={location.key}
          actions={actions}
          entry={entry}
          onCreated={(request) => navigate(perms.viewRequest ? requestHref(request.id) : `/request?batchJobId=${request.batchJobId}`)}
        />
      )}
    </Page>
  );
}
