import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { activeFilters } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { RowLink } from '@/components/list-screen/row-link';
import { useListController } from '@/components/list-screen/use-list-controller';
import { formatDateTime } from '@/lib/date';
import { tMessage } from '@/lib/i18n/i18n';
import { type TRequestListKind, useRequests } from '../api/get-requests';
import type { TRequest } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import { requestListFilter, useRequestListFilters } from '../hooks/use-request-list-filters';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { RowProgress } from './row-progress';
import { JobStatusChip } from './status-chip';

export const requestHref = (id: string) => `/request/${encodeURIComponent(id)}`;

/**
 * The requests (spec §2 /request) or the terminations (/termination): newest first in keyset pages from the server,
 * filters in the address bar (type, status, organisation, dates, and `batchJobId` from global search). Running
 * requests on the page update by themselves.
 */
export function RequestsTable({ kind }: { kind: TRequestListKind }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const perms = useRequestPermissions();
  const terminations = kind === 'terminations';
  const filters = useRequestListFilters({ type: !terminations });
  const list = useListController({ paging: 'cursor', filters });
  const query = useRequests(kind, { ...requestListFilter(list.filter), ...list.cursorParams });
  const filtered = activeFilters(filters, list.filter) > 0;

  const columns = useMemo(
    (): TListColumn<TRequest>[] => [
      {
        field: 'batchJobId',
        header: t('fields.batchJobId'),
        minWidth: 140,
        flex: 0.8,
        mono: true,
        render: (row) =>
          perms.viewRequest ? (
            <RowLink to={requestHref(row.id)} aria-label={t('list.open', { batchJobId: row.batchJobId })}>
              {row.batchJobId}
            </RowLink>
          ) : (
            row.batchJobId
          ),
      },
      ...(terminations
        ? []
        : [
            {
              field: 'type',
              header: t('fields.type'),
              width: 130,
              value: (row: TRequest) => t(`types.${row.type}`, { defaultValue: row.type }),
            },
          ]),
      { field: 'status', header: t('fields.status'), width: 185, render: (row) => <JobStatusChip status={row.status} /> },
      { field: 'progress', header: t('fields.progress'), width: 140, render: (row) => <RowProgress counts={row.counts} /> },
      { field: 'simsCount', header: t('fields.simsCount'), width: 90, align: 'right', value: (row) => number.format(row.simsCount) },
      { field: 'profile', header: t('fields.profile'), width: 150 },
      {
        field: 'organization',
        header: t('fields.organization'),
        flex: 1,
        minWidth: 160,
        value: (row) => row.organization?.tradeName ?? t('provider'),
      },
      { field: 'createdBy', header: t('fields.createdBy'), flex: 0.9, minWidth: 150, value: (row) => row.createdBy.label },
      ...(terminations
        ? [{ field: 'reason', header: t('fields.reason'), flex: 1, minWidth: 160, value: (row: TRequest) => row.reason ?? '' }]
        : []),
      { field: 'createdAt', header: t('fields.createdAt'), width: 172, value: (row) => formatDateTime(row.createdAt) },
      {
        field: 'scheduledAt',
        header: t('fields.scheduledAt'),
        width: 172,
        value: (row) => (row.scheduledAt ? formatDateTime(row.scheduledAt) : '—'),
      },
    ],
    [t, terminations, number, perms.viewRequest],
  );

  return (
    <ListScreen
      resource="requests"
      id={kind}
      label={terminations ? t('list.terminationsLabel') : t('list.label')}
      list={list}
      query={query}
      columns={columns}
      noRows={filtered ? t('list.noMatches') : terminations ? t('list.noTerminations') : tMessage('noJobsFound')}
      failure={failure}
    />
  );
}
