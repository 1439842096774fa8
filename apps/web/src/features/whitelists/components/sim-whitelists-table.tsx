import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OPERATORS } from '@tarang/shared/sims/identifiers';
import {
  type TSimWhitelist,
  type TWhitelistKind,
  type TWhitelistSyncState,
  WHITELIST_SYNC_STATES,
} from '@tarang/shared/whitelists/whitelist.schemas';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { RowLink } from '@/components/list-screen/row-link';
import { useListController } from '@/components/list-screen/use-list-controller';
import type { TRequest } from '@/features/requests/api/types';
import { requestHref } from '@/features/requests/components/requests-table';
import { watchRequest } from '@/features/requests/utils/watched-requests';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { newUuid } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { useApplySimWhitelist, useDeleteSimWhitelist } from '../api/apply-sim-whitelist';
import { useGroupChoices } from '../api/get-group-choices';
import { type TSimWhitelistParams, useSimWhitelists } from '../api/get-sim-whitelists';
import { SIM_WHITELIST_KINDS, simWhitelistEditHref } from '../utils/sim-whitelist-kinds';
import { useSimWhitelistMessages } from '../utils/sim-whitelist-messages';
import { CancelWhitelistDialog } from './cancel-whitelist-dialog';
import { ResyncGroupButton } from './resync-group-button';
import { StateCounts, SyncStateCell, useSyncProblem } from './sync-state';
import { useOrganizationReach } from './use-organization-reach';

const ICCID_PREFIX = /^\d{1,22}$/;
const rowIdOf = (row: TSimWhitelist) => row.iccid;
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } as const;

/** A profile whose whitelist can be taken off: it holds (or should hold) a group, or taking one off failed. */
const holdsWhitelist = (row: TSimWhitelist) => row.group !== null || row.state === 'FAILED';
/**
 * Re-sync: the group applied again where the operator holds something else (Drifted) or refused it (Failed), or where
 * the group changed since the profile was given it.
 */
const needsResync = (row: TSimWhitelist) =>
  row.group !== null && (row.state === 'DRIFTED' || row.state === 'FAILED' || (row.state === 'APPLIED' && row.outdated));

/**
 * The whitelists of one kind on SIMs (spec /white-listing/ip and /white-listing/numbers): one row per SIM profile with
 * its operator, group, what the group holds, its sync state (the operator's error, or what the reconcile found), the
 * request that set it, when it is scheduled and when it last changed. Above it, how many profiles are in each state
 * (a chip narrows the list to that state). Row actions as the role allows: Edit (another group), Re-sync (a Drifted,
 * Failed or outdated profile), Cancel Whitelist (now or later) and Delete (Cancel Whitelist now); narrowed to one group,
 * Re-sync of every SIM holding it that needs it. Every change is a request on the whole SIM, followed by the console
 * until it finishes.
 */
export function SimWhitelistsTable({ kind }: { kind: TWhitelistKind }) {
  const info = SIM_WHITELIST_KINDS[kind];
  const { t } = useTranslation('whitelists');
  const { failure, success } = useSimWhitelistMessages();
  const { user } = useSignedIn();
  const reach = useOrganizationReach();
  const canListGroups = useCan(info.groupModule);
  const canViewRequest = useCan('request', 'viewDetails');
  const groups = useGroupChoices(kind, { applicable: false, enabled: canListGroups });
  const problemOf = useSyncProblem();
  const { mutateAsync: apply } = useApplySimWhitelist(kind);
  const { mutateAsync: remove } = useDeleteSimWhitelist(kind);
  const [cancelling, setCancelling] = useState<TSimWhitelist | null>(null);

  const filters = useMemo(
    (): TFilter[] => [
      {
        kind: 'text',
        key: 'iccid',
        search: true,
        label: t('simWhitelists.filters.iccid'),
        placeholder: t('simWhitelists.filters.iccidPlaceholder'),
        inputMode: 'numeric',
        maxLength: 22,
        width: 240,
        validate: (value) => (value === '' || ICCID_PREFIX.test(value) ? null : t('simWhitelists.filters.iccidDigits')),
      },
      {
        kind: 'select',
        key: 'groupId',
        label: t('simWhitelists.filters.group'),
        anyLabel: t('simWhitelists.filters.anyGroup'),
        options: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
        hidden: !canListGroups,
        width: 200,
      },
      {
        kind: 'select',
        key: 'operator',
        label: t('simWhitelists.filters.operator'),
        anyLabel: t('simWhitelists.filters.anyOperator'),
        options: OPERATORS.map((o) => ({ value: o, label: o })),
        width: 160,
      },
      {
        kind: 'select',
        key: 'state',
        label: t('simWhitelists.filters.state'),
        anyLabel: t('simWhitelists.filters.anyState'),
        options: WHITELIST_SYNC_STATES.map((s) => ({ value: s, label: t(`simWhitelists.states.${s}`) })),
        width: 170,
      },
    ],
    [t, groups.data, canListGroups],
  );
  const list = useListController({ paging: 'pages', filters });
  const state = list.filter.state as TWhitelistSyncState | undefined;
  const query = useSimWhitelists(kind, {
    page: list.pageParams.page,
    limit: list.pageParams.limit,
    iccid: list.filter.iccid,
    groupId: list.filter.groupId,
    operator: list.filter.operator as TSimWhitelistParams['operator'],
    state,
  });

  /** A request made from a row: followed until it finishes, and said in the reader's words. */
  const made = useCallback(
    (result: { request: TRequest | null; message?: string }) => {
      if (result.request) {
        watchRequest(user.id, { id: result.request.id, batchJobId: result.request.batchJobId, type: result.request.type });
      }
      return success(result.message, 'requestCreatedPlain');
    },
    [user.id, success],
  );

  const columns = useMemo(
    (): TListColumn<TSimWhitelist>[] => [
      {
        field: 'iccid',
        header: t('simWhitelists.fields.iccid'),
        minWidth: 210,
        flex: 1,
        mono: true,
        render: (row) => (
          <Box sx={{ minWidth: 0 }}>
            <Box component="span" sx={MONO}>
              {row.iccid}
            </Box>
            {row.iccid !== row.primaryIccid && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', ...MONO }}>
                {t('simWhitelists.fields.ofSim', { iccid: row.primaryIccid })}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'operator', header: t('simWhitelists.fields.operator'), width: 100 },
      ...(reach.many
        ? [
            {
              field: 'organization',
              header: t('simWhitelists.fields.organization'),
              flex: 1,
              minWidth: 160,
              value: (row: TSimWhitelist) => row.organization?.tradeName ?? '—',
            },
          ]
        : []),
      {
        field: 'group',
        header: t('simWhitelists.fields.group'),
        flex: 1,
        minWidth: 160,
        value: (row) => row.group?.name ?? '—',
      },
      { field: 'itemsCount', header: t(`simWhitelists.${info.words}.items`), width: 110, align: 'right' },
      {
        field: 'state',
        header: t('simWhitelists.fields.state'),
        flex: 1,
        minWidth: 200,
        value: (row) => [t(`simWhitelists.states.${row.state}`), problemOf(row)].filter(Boolean).join(' · '),
        render: (row) => <SyncStateCell row={row} />,
      },
      {
        field: 'batchJobId',
        header: t('simWhitelists.fields.request'),
        width: 140,
        mono: true,
        render: (row) =>
          canViewRequest ? (
            <RowLink to={requestHref(row.requestId)} aria-label={t('simWhitelists.actions.viewRequest', { batchJobId: row.batchJobId })}>
              {row.batchJobId}
            </RowLink>
          ) : (
            row.batchJobId
          ),
      },
      {
        field: 'scheduledAt',
        header: t('simWhitelists.fields.scheduledAt'),
        width: 172,
        value: (row) => (row.state === 'SCHEDULED' && row.scheduledAt ? formatDateTime(row.scheduledAt) : ''),
      },
      { field: 'updatedAt', header: t('simWhitelists.fields.updatedAt'), width: 172, value: (row) => formatDateTime(row.updatedAt) },
    ],
    [t, reach.many, info.words, canViewRequest, problemOf],
  );

  const actions = useMemo(
    (): TRowAction<TSimWhitelist>[] => [
      {
        key: 'edit',
        label: t('simWhitelists.actions.edit'),
        name: (row) => t('simWhitelists.actions.editNamed', { iccid: row.iccid }),
        icon: <EditOutlined fontSize="small" />,
        permission: { module: info.module, action: 'edit' },
        href: (row) => simWhitelistEditHref(kind, row.primaryIccid),
      },
      {
        key: 'resync',
        label: t('simWhitelists.actions.resync'),
        name: (row) => t('simWhitelists.actions.resyncNamed', { iccid: row.iccid }),
        icon: <SyncOutlined fontSize="small" />,
        color: 'warning',
        // Re-sync is the group applied again: Add.
        permission: { module: info.module, action: 'add' },
        visible: needsResync,
        confirm: (row) => ({
          title: t('simWhitelists.confirm.resyncTitle'),
          text: t('simWhitelists.confirm.resyncText', { group: row.group?.name ?? '', iccid: row.primaryIccid }),
          confirmLabel: t('simWhitelists.actions.resync'),
        }),
        run: async (row) =>
          made(
            await apply({
              kind,
              method: 'POST',
              body: { groupId: row.group?.id ?? '', iccids: [row.primaryIccid] },
              key: newUuid(),
            }),
          ),
      },
      {
        key: 'cancel',
        label: t('simWhitelists.actions.cancel'),
        name: (row) => t('simWhitelists.actions.cancelNamed', { iccid: row.iccid }),
        icon: <RemoveCircleOutlineOutlined fontSize="small" />,
        color: 'warning',
        permission: { module: info.module, action: 'cancelWhitelist' },
        visible: holdsWhitelist,
        run: (row) => setCancelling(row),
      },
      {
        key: 'delete',
        label: t('simWhitelists.actions.delete'),
        name: (row) => t('simWhitelists.actions.deleteNamed', { iccid: row.iccid }),
        icon: <DeleteOutlined fontSize="small" />,
        color: 'error',
        permission: { module: info.module, action: 'delete' },
        visible: holdsWhitelist,
        confirm: (row) => ({
          title: t('simWhitelists.confirm.deleteTitle'),
          text: t(`simWhitelists.${info.words}.deleteText`, { iccid: row.primaryIccid }),
          confirmLabel: t('simWhitelists.actions.delete'),
          danger: true,
        }),
        run: async (row) => made(await remove({ kind, body: { iccids: [row.primaryIccid] }, key: newUuid() })),
      },
    ],
    [t, kind, info.module, info.words, apply, remove, made],
  );

  const canResync = useCan(info.module, 'add');
  const chosenGroup = list.filter.groupId ? (groups.data ?? []).find((g) => g.id === list.filter.groupId) : undefined;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}>
        <StateCounts counts={query.data?.states} value={state} onChange={(s) => list.update({ state: s })} />
        {canResync && chosenGroup && (
          <ResyncGroupButton kind={kind} group={chosenGroup} onMade={(result) => notify.success(made(result))} />
        )}
      </Stack>
      <ListScreen
        resource="whitelists"
        id={`sim-whitelists-${info.words}`}
        label={t(`simWhitelists.${info.words}.listLabel`)}
        noRows={t(`simWhitelists.${info.words}.none`)}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        failure={failure}
        getRowId={rowIdOf}
        clearable
      >
        {cancelling && <CancelWhitelistDialog row={cancelling} onClose={() => setCancelling(null)} />}
      </ListScreen>
    </>
  );
}
