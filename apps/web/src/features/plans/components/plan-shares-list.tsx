import { formatPaise } from '@tarang/shared/format/money';
import type { TBlueprint } from '@tarang/shared/plans/plan.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { ListScreen, type TListQuery } from '@/components/list-screen/list-screen';
import { NameCell } from '@/components/list-screen/name-cell';
import { editAction } from '@/components/list-screen/row-action-presets';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { formatDateTime } from '@/lib/date';
import { usePlanMessages } from '../utils/messages';

export const shareEditHref = (id: string) => `/plans/share/edit/${encodeURIComponent(id)}`;

/** A margin as the console writes it: ₹ with two decimals, a sign when it is below nothing. */
export const marginOf = (share: Pick<TBlueprint, 'price' | 'sharerPrice'>) => formatPaise(share.price - share.sharerPrice);

type TPlanSharesListProps = {
  /** Every share of the plan in the caller's reach (`usePlanShares`). */
  query: { data: readonly TBlueprint[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The caller's own blueprint of the plan (an organisation), or null: the provider's own shares (staff). */
  ownBlueprintId: string | null;
};

/**
 * The shares the caller made from this plan: each organisation, its price and the caller's margin on it (its price −
 * the caller's own), with a link to change the price. The plan's shares further down (a child's own shares) are not
 * the caller's and are left out.
 */
export function PlanSharesList({ query, ownBlueprintId }: TPlanSharesListProps) {
  const { t } = useTranslation('plans');
  const { failure } = usePlanMessages();
  const list = useListController({ paging: 'pages', syncWithLocation: false });
  const mine = useMemo(() => (query.data ?? []).filter((s) => s.parentBlueprintId === ownBlueprintId), [query.data, ownBlueprintId]);
  const start = (list.pageParams.page - 1) * list.pageParams.limit;
  const page: TListQuery<TBlueprint> = {
    data: query.data ? { rows: mine.slice(start, start + list.pageParams.limit), total: mine.length } : undefined,
    isPending: query.isPending,
    isPlaceholderData: false,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };

  const columns = useMemo(
    (): TListColumn<TBlueprint>[] => [
      {
        field: 'organization',
        header: t('fields.organization'),
        flex: 1.3,
        minWidth: 200,
        value: (row) => row.organization.tradeName,
        render: (row) => <NameCell name={row.organization.tradeName} />,
      },
      { field: 'price', header: t('fields.sharePrice'), width: 140, align: 'right', value: (row) => formatPaise(row.price) },
      { field: 'margin', header: t('fields.margin'), width: 140, align: 'right', value: marginOf },
      { field: 'updatedAt', header: t('fields.updatedAt'), width: 180, value: (row) => formatDateTime(row.updatedAt) },
    ],
    [t],
  );
  const actions = useMemo(
    (): TRowAction<TBlueprint>[] => [
      {
        ...editAction(t, { module: 'plans', nameOf: (row) => row.organization.tradeName, href: (row) => shareEditHref(row.id) }),
        label: t('actions.editPrice'),
        name: (row) => t('actions.editPriceNamed', { name: row.organization.tradeName }),
        permission: { module: 'plans', action: 'allocate' },
      },
    ],
    [t],
  );

  return (
    <ListScreen
      resource="plans"
      id="plan-shares"
      label={t('share.listLabel')}
      title={t('share.listTitle')}
      noRows={t('share.noShares')}
      list={list}
      query={page}
      columns={columns}
      actions={actions}
      failure={failure}
      data-testid="plan-shares"
    />
  );
}
