import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { activeFilters } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { RowLink } from '@/components/list-screen/row-link';
import { useListController } from '@/components/list-screen/use-list-controller';
import { formatDateTime } from '@/lib/date';
import { tMessage } from '@/lib/i18n/i18n';
import { useJobs } from '../api/get-jobs';
import type { TJob } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import { requestListFilter, useRequestListFilters } from '../hooks/use-request-list-filters';
import { useRequestMessages } from '../utils/messages';
import { RowProgress } from './row-progress';
import { JobStatusChip } from './status-chip';

export const jobHref = (id: string) => `/job/${encodeURIComponent(id)}`;

/** The batch jobs (spec §2 /job): batchJobId, SIMs, status and profile ("AIRTEL+BSNL"), newest first, live while they run. */
export function JobsTable() {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const filters = useRequestListFilters({ type: true });
  const list = useListController({ paging: 'cursor', filters });
  const query = useJobs({ ...requestListFilter(list.filter), ...list.cursorParams });
  const filtered = activeFilters(filters, list.filter) > 0;

  const columns = useMemo(
    (): TListColumn<TJob>[] => [
      {
        field: 'batchJobId',
        header: t('fields.batchJobId'),
        minWidth: 140,
        flex: 0.8,
        mono: true,
        render: (row) => (
          <RowLink to={jobHref(row.id)} aria-label={t('jobs.open', { batchJobId: row.batchJobId })}>
            {row.batchJobId}
          </RowLink>
        ),
      },
      { field: 'type', header: t('fields.type'), width: 130, value: (row) => t(`types.${row.type}`, { defaultValue: row.type }) },
      { field: 'simsCount', header: t('fields.simsCount'), width: 100, align: 'right', value: (row) => number.format(row.simsCount) },
      { field: 'status', header: t('fields.status'), width: 185, render: (row) => <JobStatusChip status={row.status} /> },
      { field: 'profile', header: t('fields.profile'), width: 150 },
      { field: 'progress', header: t('fields.progress'), width: 140, render: (row) => <RowProgress counts={row.counts} /> },
      {
        field: 'organization',
        header: t('fields.organization'),
        flex: 1,
        minWidth: 160,
        value: (row) => row.organization?.tradeName ?? t('provider'),
      },
      { field: 'createdAt', header: t('fields.createdAt'), width: 172, value: (row) => formatDateTime(row.createdAt) },
      {
        field: 'finishedAt',
        header: t('fields.finishedAt'),
        width: 172,
        value: (row) => (row.finishedAt ? formatDateTime(row.finishedAt) : '—'),
      },
    ],
    [t, number],
  );

  return (
    <ListScreen
      resource="requests"
      id="jobs"
      label={t('jobs.label')}
      list={list}
      query={query}
      columns={columns}
      noRows={filtered ? t('list.noMatches') : tMessage('noJobsFound')}
      failure={failure}
    />
  );
}
