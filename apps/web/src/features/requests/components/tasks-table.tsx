import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { TASK_STATUSES } from '@tarang/shared/requests/request.constants';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useJobTasks } from '../api/get-jobs';
import { useMarkMnoJobDone } from '../api/job-actions';
import type { TJobTask } from '../api/types';
import { useCursorGridText } from '../hooks/use-cursor-grid-text';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { CursorGrid } from './cursor-grid';
import { TaskStatusChip } from './status-chip';

const OPEN = new Set(['QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED', 'FAILED']);

/** View Tasks: one row per SIM with its status, tries and error; live while the job runs; Mark As Done per SIM for staff. */
export function TasksTable({ jobId, live }: { jobId: string; live: boolean }) {
  const { t } = useTranslation('requests');
  const { message, failure } = useRequestMessages();
  const perms = useRequestPermissions();
  const [status, setStatus] = useState('');
  const [limit, setLimit] = useState(25);
  const pages = useCursorPages(JSON.stringify([jobId, status, limit]));
  const query = useJobTasks(jobId, { status: status || undefined, limit, cursor: pages.cursor }, { enabled: true, live });
  const localeText = useCursorGridText(t('tasks.noRows'), {
    pageIndex: pages.pageIndex,
    limit: limit,
    rows: query.data?.rows.length ?? 0,
    hasNext: !!query.data?.nextCursor,
  });
  const [pending, setPending] = useState<TJobTask | null>(null);
  const markDone = useMarkMnoJobDone();

  const confirm = async () => {
    if (!pending) return;
    try {
      const { result } = await markDone.mutateAsync({ id: pending.mnoJobId, iccids: [pending.iccid] });
      if (result.updated) notify.success(t('mno.markedOne', { iccid: pending.iccid }));
      else notify.warning(message(result.skipped[0]?.reason) || t('mno.nothingMarked'));
    } catch (error) {
      notify.error(failure(error));
    } finally {
      setPending(null);
    }
  };

  const columns = useMemo((): GridColDef<TJobTask>[] => {
    const cols: GridColDef<TJobTask>[] = [
      {
        field: 'iccid',
        headerName: t('fields.iccid'),
        minWidth: 190,
        flex: 1,
        cellClassName: 'mono',
        renderCell: ({ row }) => (
          <RouterLink className="row-link" to={paths.simDetails.getHref(row.iccid)}>
            {row.iccid}
          </RouterLink>
        ),
      },
      { field: 'operator', headerName: t('fields.operator'), width: 90 },
      { field: 'status', headerName: t('fields.status'), width: 130, renderCell: ({ row }) => <TaskStatusChip status={row.status} /> },
      {
        field: 'change',
        headerName: t('fields.change'),
        width: 180,
        valueGetter: (_v, row) =>
          row.fromStatus && row.targetStatus
            ? `${t(`simStatus.${row.fromStatus}`, { defaultValue: row.fromStatus })} → ${t(`simStatus.${row.targetStatus}`, { defaultValue: row.targetStatus })}`
            : '—',
      },
      { field: 'tries', headerName: t('fields.tries'), width: 70, type: 'number' },
      {
        field: 'error',
        headerName: t('fields.error'),
        flex: 1.4,
        minWidth: 160,
        valueGetter: (_v, row) => (row.error ? message(row.error) : ''),
      },
      {
        field: 'doneBy',
        headerName: t('fields.doneBy'),
        width: 110,
        valueGetter: (_v, row) => (row.doneBy ? t(`doneBy.${row.doneBy}`) : '—'),
      },
      { field: 'updatedAt', headerName: t('fields.updatedAt'), width: 172, valueFormatter: (v: string) => formatDateTime(v) },
    ];
    if (perms.markAsDone) {
      cols.push({
        field: 'actions',
        headerName: t('fields.actions'),
        width: 90,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) =>
          OPEN.has(row.status) ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
              <Tooltip title={t('mno.markOne')}>
                <IconButton size="small" aria-label={t('mno.markOneNamed', { iccid: row.iccid })} onClick={() => setPending(row)}>
                  <DoneAllOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ) : null,
      });
    }
    return cols;
  }, [t, message, perms.markAsDone]);

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }} data-testid="tasks">
      <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
          {t('tasks.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('tasks.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('list.anyStatus')}</MenuItem>
          {TASK_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`taskStatus.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isError && (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {failure(query.error)}
        </Typography>
      )}
      <CursorGrid
        label={t('tasks.title')}
        rows={query.data?.rows ?? []}
        columns={columns}
        page={query.data}
        loading={query.isPending || query.isPlaceholderData}
        pages={pages}
        limit={limit}
        onLimitChange={setLimit}
        localeText={localeText}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t('mno.markOneTitle')}
        text={t('mno.markOneText', { iccid: pending?.iccid ?? '', operator: pending?.operator ?? '' })}
        confirmLabel={t('mno.markAsDone')}
        busy={markDone.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
