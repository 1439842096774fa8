import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import { formatPaise } from '@tarang/shared/format/money';
import { PLAN_STATUSES, type TPlan } from '@tarang/shared/plans/plan.schemas';
import { OPERATORS } from '@tarang/shared/sims/identifiers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { NameCell } from '@/components/list-screen/name-cell';
import { deleteAction, editAction } from '@/components/list-screen/row-action-presets';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { useDeletePlan } from '../api/delete-plan';
import { type TPlanListParams, usePlans } from '../api/get-plans';
import { useUpdatePlan } from '../api/update-plan';
import { usePlanMessages } from '../utils/messages';
import { OperatorChips, PlanStatusChip } from './plan-chips';
import { usePlanFormat } from './use-plan-format';

const SORTABLE = ['name', 'price', 'createdAt'];

export const planEditHref = (id: string) => `/plans/edit/${encodeURIComponent(id)}`;
/** The share screen of a plan: the caller's own blueprint (an organisation), or the plan itself (staff). */
export const planShareHref = (plan: Pick<TPlan, 'id' | 'blueprintId'>) => `/plans/share/${encodeURIComponent(plan.blueprintId ?? plan.id)}`;

/**
 * The plans list (spec §2 /plans): staff see the provider's catalogue at base prices, an organisation the plans
 * shared with it at its own price. Filters by status and operator; staff edit, retire and delete; whoever may
 * allocate shares a plan on.
 */
export function PlansTable() {
  const { t } = useTranslation('plans');
  const { failure, success } = usePlanMessages();
  const format = usePlanFormat();
  const { user } = useSignedIn();
  const isStaff = user.organization === null;
  const canEdit = useCan('plans', 'edit');
  const { mutateAsync: deletePlan } = useDeletePlan();
  const { mutateAsync: updatePlan } = useUpdatePlan();

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'text', key: 'search', search: true, grow: true, label: t('list.search'), placeholder: t('list.searchPlaceholder') },
      {
        kind: 'select',
        key: 'status',
        label: t('list.statusFilter'),
        anyLabel: t('list.anyStatus'),
        options: PLAN_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        width: 160,
      },
      {
        kind: 'select',
        key: 'operator',
        label: t('list.operatorFilter'),
        anyLabel: t('list.anyOperator'),
        options: OPERATORS.map((o) => ({ value: o, label: o })),
        width: 160,
      },
    ],
    [t],
  );
  const list = useListController({ paging: 'pages', defaultSort: 'name', sortable: SORTABLE, filters });
  const query = usePlans({
    ...list.pageParams,
    search: list.filter.search,
    status: list.filter.status as TPlanListParams['status'],
    operator: list.filter.operator as TPlanListParams['operator'],
  });

  const columns = useMemo(
    (): TListColumn<TPlan>[] => [
      {
        field: 'name',
        header: t('fields.name'),
        sort: 'name',
        flex: 1,
        minWidth: 180,
        render: (row) => <NameCell name={row.name} />,
      },
      {
        field: 'operators',
        header: t('fields.operators'),
        width: 150,
        value: (row) => row.operators.join(', '),
        render: (row) => <OperatorChips operators={row.operators} />,
      },
      { field: 'dataMb', header: t('fields.data'), width: 90, align: 'right', value: (row) => format.data(row.dataMb) },
      { field: 'smsCount', header: t('fields.sms'), width: 80, align: 'right', value: (row) => format.sms(row.smsCount) },
      {
        field: 'validityDays',
        header: t('fields.validity'),
        width: 100,
        align: 'right',
        value: (row) => format.validity(row.validityDays),
      },
      {
        field: 'price',
        header: isStaff ? t('fields.basePrice') : t('fields.yourPrice'),
        sort: 'price',
        width: 120,
        align: 'right',
        value: (row) => formatPaise(row.price),
      },
      {
        field: 'overLimitAction',
        header: t('fields.overLimitAction'),
        width: 110,
        value: (row) => format.overLimit(row.overLimitAction),
      },
      {
        field: 'status',
        header: t('fields.status'),
        width: 100,
        value: (row) => t(`status.${row.status}`),
        render: (row) => <PlanStatusChip status={row.status} />,
      },
      { field: 'sharedCount', header: t('fields.sharedCount'), width: 80, align: 'right', value: (row) => row.sharedCount },
    ],
    [t, format, isStaff],
  );

  const actions = useMemo(
    (): TRowAction<TPlan>[] => [
      editAction(t, { module: 'plans', nameOf: (row) => row.name, href: (row) => planEditHref(row.id), permission: isStaff && canEdit }),
      {
        key: 'share',
        label: t('actions.share'),
        name: (row) => t('actions.shareNamed', { name: row.name }),
        icon: <ShareOutlined fontSize="small" />,
        permission: { module: 'plans', action: 'allocate' },
        visible: (row) => row.status === 'ACTIVE',
        href: planShareHref,
      },
      {
        key: 'retire',
        label: t('actions.retire'),
        name: (row) => t('actions.retireNamed', { name: row.name }),
        icon: <ArchiveOutlined fontSize="small" />,
        color: 'warning',
        permission: isStaff && canEdit,
        visible: (row) => row.status === 'ACTIVE',
        confirm: (row) => ({
          title: t('confirm.retireTitle'),
          text: t('confirm.retireText', { name: row.name }),
          confirmLabel: t('actions.retire'),
          danger: true,
        }),
        run: async (row) => success((await updatePlan({ id: row.id, data: { status: 'RETIRED' } })).message, 'updated'),
      },
      {
        key: 'reactivate',
        label: t('actions.reactivate'),
        name: (row) => t('actions.reactivateNamed', { name: row.name }),
        icon: <UnarchiveOutlined fontSize="small" />,
        permission: isStaff && canEdit,
        visible: (row) => row.status === 'RETIRED',
        confirm: (row) => ({
          title: t('confirm.reactivateTitle'),
          text: t('confirm.reactivateText', { name: row.name }),
          confirmLabel: t('actions.reactivate'),
        }),
        run: async (row) => success((await updatePlan({ id: row.id, data: { status: 'ACTIVE' } })).message, 'updated'),
      },
      deleteAction(t, { module: 'plans', nameOf: (row) => row.name, visible: () => isStaff, remove: deletePlan, success }),
    ],
    [t, isStaff, canEdit, success, updatePlan, deletePlan],
  );

  return <ListScreen resource="plans" list={list} query={query} columns={columns} actions={actions} failure={failure} />;
}
