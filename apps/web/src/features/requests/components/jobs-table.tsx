import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useListParams } from '@/hooks/use-list-params';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { tMessage } from '@/lib/i18n/i18n';
import { useJobs } from '../api/get-jobs';
import type { TJob } from '../api/types';
import { useCursorGridText } from '../hooks/use-cursor-grid-text';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { CursorGrid } from './cursor-grid';
import { LIST_OPTIONS, ListFilters, parseListFilter } from './list-filters';
import { RowProgress } from './requests-table';
import { JobStatusChip } from './status-chip';

export const jobHref = (id: string) => `/job/${encodeURIComponent(id)}`;

/** The batch jobs (spec §2 /job): batchJobId, SIMs, status and profile ("AIRTEL+BSNL"), newest first, live while they run. */
export function JobsTable() {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const { params, update } = useListParams(LIST_OPTIONS);
  const filter = useMemo(() => parseListFilter(params.filters), [params.filters]);
  const perms = useRequestPermissions();
  const canSeeOrganizations = useCan('organisation');
  const pages = useCursorPages(JSON.stringify([filter, params.limit]));
  const query = useJobs({ ...filter, limit: params.limit, cursor: pages.cursor });
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const localeText = useCursorGridText(filtered ? t('list.noMatches') : tMessage('noJobsFound'), {
    pageIndex: pages.pageIndex,
    limit: params.limit,
    rows: query.data?.rows.length ?? 0,
    hasNext: !!query.data?.nextCursor,
  });

  const columns = useMemo(
    (): GridColDef<TJob>[] => [
      {
        field: 'batchJobId',
        headerName: t('fields.batchJobId'),
        minWidth: 140,
        flex: 0.8,
        cellClassName: 'mono',
        renderCell: ({ row }) => (
          <RouterLink className="row-link" to={jobHref(row.id)} aria-label={t('jobs.open', { batchJobId: row.batchJobId })}>
            {row.batchJobId}
          </RouterLink>
        ),
      },
      {
        field: 'type',
        headerName: t('fields.type'),
        width: 130,
        valueGetter: (_v, row) => t(`types.${row.type}`, { defaultValue: row.type }),
      },
      {
        field: 'simsCount',
        headerName: t('fields.simsCount'),
        width: 100,
        type: 'number',
        valueFormatter: (v: number) => number.format(v),
      },
      { field: 'status', headerName: t('fields.status'), width: 185, renderCell: ({ row }) => <JobStatusChip status={row.status} /> },
      { field: 'profile', headerName: t('fields.profile'), width: 150 },
      { field: 'progress', headerName: t('fields.progress'), width: 140, renderCell: ({ row }) => <RowProgress counts={row.counts} /> },
      {
        field: 'organization',
        headerName: t('fields.organization'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => row.organization?.tradeName ?? t('provider'),
      },
      { field: 'createdAt', headerName: t('fields.createdAt'), width: 172, valueFormatter: (v: string) => formatDateTime(v) },
      {
        field: 'finishedAt',
        headerName: t('fields.finishedAt'),
        width: 172,
        valueFormatter: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
    ],
    [t, number],
  );

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <ListFilters filter={filter} update={update} showType showOrganization={canSeeOrganizations && perms.staff} />
      {query.isError && (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {failure(query.error)}
        </Typography>
      )}
      <CursorGrid
        label={t('jobs.label')}
        rows={query.data?.rows ?? []}
        columns={columns}
        page={query.data}
        loading={query.isPending || query.isPlaceholderData}
        pages={pages}
        limit={params.limit}
        onLimitChange={(limit) => update({ limit })}
        localeText={localeText}
      />
    </Card>
  );
}
