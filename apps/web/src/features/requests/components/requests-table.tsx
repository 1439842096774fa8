import Box from '@mui/material/Box';
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
import { type TRequestListKind, useRequests } from '../api/get-requests';
import type { TRequest } from '../api/types';
import { useCursorGridText } from '../hooks/use-cursor-grid-text';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { CursorGrid } from './cursor-grid';
import { LIST_OPTIONS, ListFilters, parseListFilter } from './list-filters';
import { percentOf, SegmentedBar } from './request-progress';
import { JobStatusChip } from './status-chip';

export const requestHref = (id: string) => `/request/${encodeURIComponent(id)}`;

/** A small bar and "12 / 20" for a row. */
export function RowProgress({ counts }: { counts: TRequest['counts'] }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const settled = counts.succeeded + counts.failed + counts.cancelled;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', gap: 0.5 }}>
      <SegmentedBar counts={counts} percent={percentOf(counts)} label={t('progress.label')} height={6} />
      <Typography variant="caption" color="text.secondary" noWrap>
        {number.format(settled)} / {number.format(counts.total)}
        {counts.failed > 0 && (
          <Box component="span" sx={{ color: 'error.main' }}>
            {' · '}
            {t('progress.failedCount', { formatted: number.format(counts.failed) })}
          </Box>
        )}
      </Typography>
    </Box>
  );
}

/**
 * The requests (spec §2 /request) or the terminations (/termination): newest first in keyset pages from the server,
 * filters in the address bar (type, status, organisation, dates, and `batchJobId` from global search). Running
 * requests on the page update by themselves.
 */
export function RequestsTable({ kind }: { kind: TRequestListKind }) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const { params, update } = useListParams(LIST_OPTIONS);
  const filter = useMemo(() => parseListFilter(params.filters), [params.filters]);
  const perms = useRequestPermissions();
  const canSeeOrganizations = useCan('organisation');
  const pages = useCursorPages(JSON.stringify([kind, filter, params.limit]));
  const query = useRequests(kind, { ...filter, limit: params.limit, cursor: pages.cursor });
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const localeText = useCursorGridText(
    filtered ? t('list.noMatches') : kind === 'terminations' ? t('list.noTerminations') : tMessage('noJobsFound'),
    {
      pageIndex: pages.pageIndex,
      limit: params.limit,
      rows: query.data?.rows.length ?? 0,
      hasNext: !!query.data?.nextCursor,
    },
  );
  const rows = query.data?.rows ?? [];

  const columns = useMemo((): GridColDef<TRequest>[] => {
    const cols: GridColDef<TRequest>[] = [
      {
        field: 'batchJobId',
        headerName: t('fields.batchJobId'),
        minWidth: 140,
        flex: 0.8,
        cellClassName: 'mono',
        renderCell: ({ row }) =>
          perms.viewRequest ? (
            <RouterLink className="row-link" to={requestHref(row.id)} aria-label={t('list.open', { batchJobId: row.batchJobId })}>
              {row.batchJobId}
            </RouterLink>
          ) : (
            row.batchJobId
          ),
      },
    ];
    if (kind === 'requests')
      cols.push({
        field: 'type',
        headerName: t('fields.type'),
        width: 130,
        valueGetter: (_v, row) => t(`types.${row.type}`, { defaultValue: row.type }),
      });
    cols.push(
      { field: 'status', headerName: t('fields.status'), width: 185, renderCell: ({ row }) => <JobStatusChip status={row.status} /> },
      {
        field: 'progress',
        headerName: t('fields.progress'),
        width: 140,
        sortable: false,
        renderCell: ({ row }) => <RowProgress counts={row.counts} />,
      },
      { field: 'simsCount', headerName: t('fields.simsCount'), width: 90, type: 'number', valueFormatter: (v: number) => number.format(v) },
      { field: 'profile', headerName: t('fields.profile'), width: 150 },
      {
        field: 'organization',
        headerName: t('fields.organization'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => row.organization?.tradeName ?? t('provider'),
      },
      { field: 'createdBy', headerName: t('fields.createdBy'), flex: 0.9, minWidth: 150, valueGetter: (_v, row) => row.createdBy.label },
    );
    if (kind === 'terminations')
      cols.push({ field: 'reason', headerName: t('fields.reason'), flex: 1, minWidth: 160, valueGetter: (_v, row) => row.reason ?? '' });
    cols.push(
      { field: 'createdAt', headerName: t('fields.createdAt'), width: 172, valueFormatter: (v: string) => formatDateTime(v) },
      {
        field: 'scheduledAt',
        headerName: t('fields.scheduledAt'),
        width: 172,
        valueFormatter: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
    );
    return cols;
  }, [t, kind, number, perms.viewRequest]);

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <ListFilters filter={filter} update={update} showType={kind === 'requests'} showOrganization={canSeeOrganizations && perms.staff} />
      {query.isError && (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {failure(query.error)}
        </Typography>
      )}
      <CursorGrid
        label={kind === 'terminations' ? t('list.terminationsLabel') : t('list.label')}
        rows={rows}
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
