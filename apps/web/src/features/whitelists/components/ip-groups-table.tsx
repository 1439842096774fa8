import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import PowerSettingsNewOutlined from '@mui/icons-material/PowerSettingsNewOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { IP_GROUP_STATUSES, REVIEW_STATUSES, type TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { NameCell } from '@/components/list-screen/name-cell';
import { deleteAction } from '@/components/list-screen/row-action-presets';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { useApproveIpGroup } from '../api/approve-ip-group';
import { useChangeIpGroupStatus } from '../api/change-ip-group-status';
import { useDeleteIpGroup } from '../api/delete-ip-group';
import { type TIpGroupListParams, useIpGroups } from '../api/get-ip-groups';
import { useWhitelistMessages } from '../utils/messages';
import { GroupStatusChip, ReviewCell } from './group-chips';
import { IpGroupEditDialog } from './ip-group-edit-dialog';
import { IpGroupRejectDialog } from './ip-group-reject-dialog';
import { IpGroupViewDialog } from './ip-group-view-dialog';
import { useOrganizationReach } from './use-organization-reach';

const SORTABLE = ['name', 'tradeName', 'status', 'reviewStatus', 'createdAt', 'updatedAt'];
const MODULE = 'ip-group';

type TOpen = { dialog: 'view' | 'edit' | 'reject'; group: TIpGroup } | null;

/**
 * The IP groups (spec /white-listing/group): each group's organisation (when the caller reaches several), its approved
 * entries and those waiting for review, its review (a rejection with its reason) and status. Filters by review and
 * status. Row actions as the role allows: View, Edit, Approve Request and Reject Request (staff, on a group waiting
 * for review), Change Status and Delete Group.
 */
export function IpGroupsTable() {
  const { t } = useTranslation('whitelists');
  const { failure, success } = useWhitelistMessages();
  const reach = useOrganizationReach();
  const canApprove = useCan(MODULE, 'approveRequest');
  const canReject = useCan(MODULE, 'rejectRequest');
  const { mutateAsync: approve } = useApproveIpGroup();
  const { mutateAsync: changeStatus } = useChangeIpGroupStatus();
  const { mutateAsync: deleteGroup } = useDeleteIpGroup();
  const [open, setOpen] = useState<TOpen>(null);

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'text', key: 'search', search: true, grow: true, label: t('list.search'), placeholder: t('list.searchPlaceholder') },
      {
        kind: 'select',
        key: 'reviewStatus',
        label: t('list.reviewFilter'),
        anyLabel: t('list.anyReview'),
        options: REVIEW_STATUSES.map((s) => ({ value: s, label: t(`review.${s}`) })),
        width: 180,
      },
      {
        kind: 'select',
        key: 'status',
        label: t('list.statusFilter'),
        anyLabel: t('list.anyStatus'),
        options: IP_GROUP_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        width: 160,
      },
    ],
    [t],
  );
  const list = useListController({ paging: 'pages', defaultSort: '-updatedAt', sortable: SORTABLE, filters });
  const query = useIpGroups({
    ...list.pageParams,
    search: list.filter.search,
    reviewStatus: list.filter.reviewStatus as TIpGroupListParams['reviewStatus'],
    status: list.filter.status as TIpGroupListParams['status'],
  });

  const columns = useMemo(
    (): TListColumn<TIpGroup>[] => [
      { field: 'name', header: t('fields.name'), sort: 'name', flex: 1, minWidth: 180, render: (row) => <NameCell name={row.name} /> },
      ...(reach.many
        ? [
            {
              field: 'organization',
              header: t('fields.organization'),
              sort: 'tradeName',
              flex: 1,
              minWidth: 170,
              value: (row: TIpGroup) => row.organization.tradeName,
            },
          ]
        : []),
      {
        field: 'entries',
        header: t('fields.entries'),
        minWidth: 200,
        value: (row) => {
          const proposed = row.proposedEntries?.length ?? 0;
          const extra =
            row.proposedEntries === null
              ? ''
              : row.reviewStatus === 'REJECTED'
                ? t('list.rejectedEntries', { count: proposed })
                : t('list.waitingEntries', { count: proposed });
          return extra ? `${row.entries.length} · ${extra}` : String(row.entries.length);
        },
      },
      {
        field: 'reviewStatus',
        header: t('fields.review'),
        sort: 'reviewStatus',
        flex: 1,
        minWidth: 170,
        value: (row) =>
          row.reviewStatus === 'REJECTED' && row.reviewReason
            ? `${t(`review.REJECTED`)}: ${row.reviewReason}`
            : t(`review.${row.reviewStatus}`),
        render: (row) => <ReviewCell group={row} />,
      },
      {
        field: 'status',
        header: t('fields.status'),
        sort: 'status',
        width: 110,
        value: (row) => t(`status.${row.status}`),
        render: (row) => <GroupStatusChip status={row.status} />,
      },
      { field: 'updatedAt', header: t('fields.updatedAt'), sort: 'updatedAt', width: 172, value: (row) => formatDateTime(row.updatedAt) },
    ],
    [t, reach.many],
  );

  const actions = useMemo(
    (): TRowAction<TIpGroup>[] => [
      {
        key: 'view',
        label: t('actions.view'),
        name: (row) => t('actions.viewNamed', { name: row.name }),
        icon: <VisibilityOutlined fontSize="small" />,
        run: (row) => setOpen({ dialog: 'view', group: row }),
      },
      {
        key: 'edit',
        label: t('actions.edit'),
        name: (row) => t('actions.editNamed', { name: row.name }),
        icon: <EditOutlined fontSize="small" />,
        permission: { module: MODULE, action: 'addGroup' },
        run: (row) => setOpen({ dialog: 'edit', group: row }),
      },
      {
        key: 'approve',
        label: t('actions.approveRequest'),
        name: (row) => t('actions.approveRequestNamed', { name: row.name }),
        icon: <CheckCircleOutlined fontSize="small" />,
        // Reviewing is the provider's: staff with the permission, on a group waiting for review.
        permission: reach.staff && canApprove,
        visible: (row) => row.reviewStatus === 'PENDING',
        confirm: (row) => ({
          title: t('confirm.approveTitle'),
          text: t('confirm.approveText', { name: row.name, count: row.proposedEntries?.length ?? 0 }),
          confirmLabel: t('actions.approveRequest'),
        }),
        run: async (row) => success((await approve(row.id)).message, 'approved'),
      },
      {
        key: 'reject',
        label: t('actions.rejectRequest'),
        name: (row) => t('actions.rejectRequestNamed', { name: row.name }),
        icon: <HighlightOffOutlined fontSize="small" />,
        color: 'error',
        permission: reach.staff && canReject,
        visible: (row) => row.reviewStatus === 'PENDING',
        run: (row) => setOpen({ dialog: 'reject', group: row }),
      },
      {
        key: 'status',
        label: t('actions.changeStatus'),
        name: (row) => t('actions.changeStatusNamed', { name: row.name }),
        icon: <PowerSettingsNewOutlined fontSize="small" />,
        color: 'warning',
        permission: { module: MODULE, action: 'changeStatus' },
        confirm: (row) =>
          row.status === 'ACTIVE'
            ? {
                title: t('confirm.deactivateTitle'),
                text: t('confirm.deactivateText', { name: row.name }),
                confirmLabel: t('actions.deactivate'),
                danger: true,
              }
            : {
                title: t('confirm.activateTitle'),
                text: t('confirm.activateText', { name: row.name }),
                confirmLabel: t('actions.activate'),
              },
        run: async (row) =>
          success((await changeStatus({ id: row.id, status: row.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' })).message, 'statusChanged'),
      },
      {
        ...deleteAction(t, { module: MODULE, nameOf: (row) => row.name, remove: deleteGroup, success }),
        permission: { module: MODULE, action: 'deleteGroup' },
      },
    ],
    [t, reach.staff, canApprove, canReject, approve, changeStatus, deleteGroup, success],
  );

  const close = () => setOpen(null);
  return (
    <ListScreen
      resource="whitelists"
      id="ip-groups"
      label={t('list.ipGroupsLabel')}
      noRows={t('list.noIpGroups')}
      list={list}
      query={query}
      columns={columns}
      actions={actions}
      failure={failure}
    >
      {open?.dialog === 'view' && <IpGroupViewDialog group={open.group} onClose={close} />}
      {open?.dialog === 'edit' && <IpGroupEditDialog group={open.group} onClose={close} />}
      {open?.dialog === 'reject' && <IpGroupRejectDialog group={open.group} onClose={close} />}
    </ListScreen>
  );
}
