import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { type TMnoJobParams, useMnoJobs } from '../api/get-mno-jobs';
import { downloadMnoJobSims, useReinitiateMnoJob } from '../api/job-actions';
import type { TMnoJob } from '../api/types';
import { useCursorGridText } from '../hooks/use-cursor-grid-text';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { CursorGrid } from './cursor-grid';
import { jobHref } from './jobs-table';
import { MarkDoneDialog } from './mark-done-dialog';
import { RowProgress } from './requests-table';
import { JobStatusChip } from './status-chip';

type TMnoJobsTableProps = {
  /** The MNO jobs of one batch job; without it, every MNO job (the filters come from the report page). */
  batchJobId?: string;
  filter?: Omit<TMnoJobParams, 'limit' | 'cursor' | 'batchJobId'>;
  title: string;
  toolbar?: ReactNode;
};

/**
 * MNO jobs: each operator's share of a batch job, worked by the gateway or by staff at the operator's portal — the
 * SIM list to download, Mark As Done (every SIM not yet done, or those listed) and Reinitiate (send the failed again).
 */
export function MnoJobsTable({ batchJobId, filter, title, toolbar }: TMnoJobsTableProps) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const perms = useRequestPermissions();
  const [limit, setLimit] = useState(batchJobId ? 10 : 25);
  const pages = useCursorPages(JSON.stringify([batchJobId, filter, limit]));
  const query = useMnoJobs({ ...filter, batchJobId, limit, cursor: pages.cursor });
  const localeText = useCursorGridText(t('mno.noRows'), {
    pageIndex: pages.pageIndex,
    limit: limit,
    rows: query.data?.rows.length ?? 0,
    hasNext: !!query.data?.nextCursor,
  });
  const [marking, setMarking] = useState<TMnoJob | null>(null);
  const [reinitiating, setReinitiating] = useState<TMnoJob | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const reinitiate = useReinitiateMnoJob();

  const download = useCallback(
    async (row: TMnoJob) => {
      setDownloading(row.id);
      try {
        saveFile(await downloadMnoJobSims(row.id), `mno-job-${row.operator}-${row.batchJobId}.csv`);
      } catch (error) {
        notify.error(failure(error));
      } finally {
        setDownloading(null);
      }
    },
    [failure],
  );

  const confirmReinitiate = async () => {
    if (!reinitiating) return;
    try {
      const { result } = await reinitiate.mutateAsync(reinitiating.id);
      notify.success(t('mno.reinitiated', { count: result.updated, formatted: number.format(result.updated) }));
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setReinitiating(null);
    }
  };

  const columns = useMemo((): GridColDef<TMnoJob>[] => {
    const cols: GridColDef<TMnoJob>[] = [];
    if (!batchJobId) {
      cols.push({
        field: 'batchJobId',
        headerName: t('fields.batchJobId'),
        width: 130,
        cellClassName: 'mono',
        renderCell: ({ row }) =>
          perms.job ? (
            <RouterLink className="row-link" to={jobHref(row.jobId)}>
              {row.batchJobId}
            </RouterLink>
          ) : (
            row.batchJobId
          ),
      });
    }
    cols.push(
      { field: 'operator', headerName: t('fields.operator'), width: 100 },
      {
        field: 'operation',
        headerName: t('fields.operation'),
        width: 120,
        valueGetter: (_v, row) => t(`types.${row.operation}`, { defaultValue: row.operation }),
      },
      { field: 'status', headerName: t('fields.status'), width: 185, renderCell: ({ row }) => <JobStatusChip status={row.status} /> },
      {
        field: 'mode',
        headerName: t('fields.mode'),
        width: 110,
        renderCell: ({ row }) => <Chip size="small" variant="outlined" label={t(`mode.${row.mode}`, { defaultValue: row.mode })} />,
      },
      { field: 'progress', headerName: t('fields.progress'), width: 140, renderCell: ({ row }) => <RowProgress counts={row.counts} /> },
      {
        field: 'lastError',
        headerName: t('fields.lastError'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => <span title={row.lastError ?? undefined}>{row.lastError ?? ''}</span>,
      },
      { field: 'createdAt', headerName: t('fields.createdAt'), width: 172, valueFormatter: (v: string) => formatDateTime(v) },
      {
        field: 'actions',
        headerName: t('fields.actions'),
        width: 140,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => {
          const open = row.counts.total - row.counts.succeeded - row.counts.cancelled;
          return (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
              <Tooltip title={t('mno.download')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('mno.downloadNamed', { operator: row.operator, batchJobId: row.batchJobId })}
                    disabled={downloading === row.id}
                    onClick={() => void download(row)}
                  >
                    <DownloadOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              {perms.markAsDone && open > 0 && (
                <Tooltip title={t('mno.markAsDone')}>
                  <IconButton
                    size="small"
                    aria-label={t('mno.markNamed', { operator: row.operator, batchJobId: row.batchJobId })}
                    onClick={() => setMarking(row)}
                  >
                    <DoneAllOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {perms.reinitiate && row.counts.failed > 0 && (
                <Tooltip title={t('mno.reinitiate')}>
                  <IconButton
                    size="small"
                    color="warning"
                    aria-label={t('mno.reinitiateNamed', { operator: row.operator, batchJobId: row.batchJobId })}
                    onClick={() => setReinitiating(row)}
                  >
                    <ReplayOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          );
        },
      },
    );
    return cols;
  }, [t, batchJobId, perms.job, perms.markAsDone, perms.reinitiate, downloading, download]);

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }} data-testid="mno-jobs">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ p: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
          {title}
        </Typography>
        {toolbar}
      </Stack>
      {query.isError && (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {failure(query.error)}
        </Typography>
      )}
      <CursorGrid
        label={title}
        rows={query.data?.rows ?? []}
        columns={columns}
        page={query.data}
        loading={query.isPending || query.isPlaceholderData}
        pages={pages}
        limit={limit}
        onLimitChange={setLimit}
        localeText={localeText}
      />
      {marking && <MarkDoneDialog mnoJob={marking} onClose={() => setMarking(null)} />}
      <ConfirmDialog
        open={reinitiating !== null}
        title={t('mno.reinitiateTitle')}
        text={t('mno.reinitiateText', {
          count: reinitiating?.counts.failed ?? 0,
          formatted: number.format(reinitiating?.counts.failed ?? 0),
          operator: reinitiating?.operator ?? '',
        })}
        confirmLabel={t('mno.reinitiate')}
        busy={reinitiate.isPending}
        onConfirm={() => void confirmReinitiate()}
        onClose={() => setReinitiating(null)}
      />
    </Card>
  );
}
