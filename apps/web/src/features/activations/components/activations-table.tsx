import BlockOutlined from '@mui/icons-material/BlockOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { TActivation } from '@tarang/shared/activations/activation.schemas';
import { formatPaise } from '@tarang/shared/format/money';
import { JOB_STATUSES } from '@tarang/shared/requests/request.constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { activeFilters, type TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { RowLink } from '@/components/list-screen/row-link';
import { useListController } from '@/components/list-screen/use-list-controller';
import { requestHref } from '@/features/requests/components/requests-table';
import { JobStatusChip } from '@/features/requests/components/status-chip';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { useCancelActivation } from '../api/cancel-activation';
import { type TActivationListFilter, useActivations } from '../api/get-activations';
import { useActivationMessages } from '../utils/messages';

export const activationHref = (id: string) => `/activation/${encodeURIComponent(id)}`;

/** Cancel Activation is offered while nothing has reached an operator yet: queued (or waiting for its start) or running. */
export const CANCELLABLE_STATUSES: readonly string[] = ['QUEUED', 'RUNNING'];

const money = (paise: number) => formatPaise(paise);

/**
 * The activations (spec §2 /activation): newest first in keyset pages from the server, filters in the address bar
 * (organisation, status, creation dates), amounts in ₹ from integer paise. Running activations on the page update by
 * themselves; Cancel Activation asks first.
 */
export function ActivationsTable() {
  const { t } = useTranslation('activations');
  const { t: tr } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure, success } = useActivationMessages();
  const canSeeOrganizations = useCan('organisation');
  const canOpenRequest = useCan('request', 'viewDetails');
  const { mutateAsync: cancel } = useCancelActivation();

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'organization', key: 'organizationId', label: t('list.organization'), hidden: !canSeeOrganizations, width: 220 },
      {
        kind: 'select',
        key: 'status',
        label: t('list.status'),
        anyLabel: t('list.anyStatus'),
        options: JOB_STATUSES.map((v) => ({ value: v, label: tr(`status.${v}`) })),
      },
      { kind: 'day', key: 'from', label: t('list.from') },
      { kind: 'day', key: 'to', label: t('list.to') },
    ],
    [t, tr, canSeeOrganizations],
  );
  const list = useListController({ paging: 'cursor', filters });
  const query = useActivations({ ...(list.filter as TActivationListFilter), ...list.cursorParams });
  const filtered = activeFilters(filters, list.filter) > 0;

  const columns = useMemo(
    (): TListColumn<TActivation>[] => [
      { field: 'createdAt', header: t('fields.createdAt'), width: 172, value: (row) => formatDateTime(row.createdAt) },
      {
        field: 'batchJobId',
        header: t('fields.batchJobId'),
        minWidth: 130,
        flex: 0.6,
        mono: true,
        render: (row) =>
          canOpenRequest ? (
            <RowLink to={requestHref(row.request.id)} aria-label={t('list.openRequest', { batchJobId: row.request.batchJobId })}>
              {row.request.batchJobId}
            </RowLink>
          ) : (
            row.request.batchJobId
          ),
      },
      { field: 'organization', header: t('fields.organization'), flex: 1, minWidth: 160, value: (row) => row.organization.tradeName },
      { field: 'plan', header: t('fields.plan'), flex: 1, minWidth: 150, value: (row) => row.plan.name },
      { field: 'simsCount', header: t('fields.simsCount'), width: 90, align: 'right', value: (row) => number.format(row.simsCount) },
      { field: 'price', header: t('fields.price'), width: 120, align: 'right', value: (row) => money(row.price) },
      { field: 'held', header: t('fields.held'), width: 130, align: 'right', value: (row) => money(row.amounts.held) },
      { field: 'captured', header: t('fields.captured'), width: 130, align: 'right', value: (row) => money(row.amounts.captured) },
      { field: 'released', header: t('fields.released'), width: 130, align: 'right', value: (row) => money(row.amounts.released) },
      { field: 'status', header: t('fields.status'), width: 185, render: (row) => <JobStatusChip status={row.status} /> },
      {
        field: 'scheduledAt',
        header: t('fields.scheduledAt'),
        width: 172,
        hidden: true,
        value: (row) => (row.scheduledAt ? formatDateTime(row.scheduledAt) : '—'),
      },
      {
        field: 'createdBy',
        header: t('fields.createdBy'),
        flex: 0.8,
        minWidth: 140,
        hidden: true,
        value: (row) => row.createdBy?.label ?? '—',
      },
    ],
    [t, number, canOpenRequest],
  );

  const actions = useMemo(
    (): TRowAction<TActivation>[] => [
      {
        key: 'view',
        label: t('actions.view'),
        name: (row) => t('actions.viewNamed', { batchJobId: row.request.batchJobId }),
        icon: <VisibilityOutlined fontSize="small" />,
        href: (row) => activationHref(row.id),
      },
      {
        key: 'cancel',
        label: t('actions.cancel'),
        name: (row) => t('actions.cancelNamed', { batchJobId: row.request.batchJobId }),
        icon: <BlockOutlined fontSize="small" />,
        color: 'error',
        permission: { module: 'activation', action: 'cancelActivation' },
        visible: (row) => CANCELLABLE_STATUSES.includes(row.status),
        confirm: (row) => ({
          title: t('confirm.cancelTitle', { batchJobId: row.request.batchJobId }),
          text: t('confirm.cancelText', { amount: money(row.amounts.remaining) }),
          confirmLabel: t('actions.cancel'),
          danger: true,
        }),
        run: async (row) => success((await cancel(row.id)).message, 'cancelled'),
      },
    ],
    [t, cancel, success],
  );

  return (
    <ListScreen
      resource="activations"
      list={list}
      query={query}
      columns={columns}
      actions={actions}
      noRows={filtered ? t('list.noMatches') : t('grid.noRows')}
      failure={failure}
    />
  );
}
