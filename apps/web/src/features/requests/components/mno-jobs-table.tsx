import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { RowLink } from '@/components/list-screen/row-link';
import { type TListController, useListController } from '@/components/list-screen/use-list-controller';
import { formatDateTime } from '@/lib/date';
import { saveFile } from '@/lib/save-file';
import { useMnoJobs } from '../api/get-mno-jobs';
import { downloadMnoJobSims, useReinitiateMnoJob } from '../api/job-actions';
import type { TMnoJob } from '../api/types';
import { useNumberFormat } from '../hooks/use-number-format';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { jobHref } from './jobs-table';
import { MarkDoneDialog } from './mark-done-dialog';
import { RowProgress } from './row-progress';
import { JobStatusChip } from './status-chip';

type TMnoJobsListProps = {
  list: TListController;
  title: string;
  /** The MNO jobs of one batch job; without it, every MNO job the list's filters match. */
  batchJobId?: string;
  /** The filters drawn in the list's heading (the report draws its period and operator above its summary). */
  filters?: readonly TFilter[];
};

/**
 * MNO jobs: each operator's share of a batch job, worked by the gateway or by staff at the operator's portal — the
 * SIM list to download, Mark As Done (every SIM not yet done, or those listed) and Reinitiate (send the failed again).
 */
export function MnoJobsList({ list, title, batchJobId, filters }: TMnoJobsListProps) {
  const { t } = useTranslation('requests');
  const number = useNumberFormat();
  const { failure } = useRequestMessages();
  const perms = useRequestPermissions();
  const { from, to, operator, status } = list.filter;
  const query = useMnoJobs({ from, to, operator, status, batchJobId, ...list.cursorParams });
  const [marking, setMarking] = useState<TMnoJob | null>(null);
  const { mutateAsync: reinitiate } = useReinitiateMnoJob();

  const columns = useMemo(
    (): TListColumn<TMnoJob>[] => [
      ...(batchJobId
        ? []
        : [
            {
              field: 'batchJobId',
              header: t('fields.batchJobId'),
              width: 130,
              mono: true,
              render: (row: TMnoJob) => (perms.job ? <RowLink to={jobHref(row.jobId)}>{row.batchJobId}</RowLink> : row.batchJobId),
            },
          ]),
      { field: 'operator', header: t('fields.operator'), width: 100 },
      {
        field: 'operation',
        header: t('fields.operation'),
        width: 120,
        value: (row) => t(`types.${row.operation}`, { defaultValue: row.operation }),
      },
      { field: 'status', header: t('fields.status'), width: 185, render: (row) => <JobStatusChip status={row.status} /> },
      {
        field: 'mode',
        header: t('fields.mode'),
        width: 110,
        render: (row) => <Chip size="small" variant="outlined" label={t(`mode.${row.mode}`, { defaultValue: row.mode })} />,
      },
      { field: 'progress', header: t('fields.progress'), width: 140, render: (row) => <RowProgress counts={row.counts} /> },
      {
        field: 'lastError',
        header: t('fields.lastError'),
        flex: 1,
        minWidth: 160,
        render: (row) => <span title={row.lastError ?? undefined}>{row.lastError ?? ''}</span>,
      },
      { field: 'createdAt', header: t('fields.createdAt'), width: 172, value: (row) => formatDateTime(row.createdAt) },
    ],
    [t, batchJobId, perms.job],
  );

  const actions = useMemo(
    (): TRowAction<TMnoJob>[] => [
      {
        key: 'download',
        label: t('mno.download'),
        name: (row) => t('mno.downloadNamed', { operator: row.operator, batchJobId: row.batchJobId }),
        icon: <DownloadOutlined fontSize="small" />,
        run: async (row) => saveFile(await downloadMnoJobSims(row.id), `mno-job-${row.operator}-${row.batchJobId}.csv`),
      },
      {
        key: 'markDone',
        label: t('mno.markAsDone'),
        name: (row) => t('mno.markNamed', { operator: row.operator, batchJobId: row.batchJobId }),
        icon: <DoneAllOutlined fontSize="small" />,
        permission: perms.markAsDone,
        visible: (row) => row.counts.total - row.counts.succeeded - row.counts.cancelled > 0,
        run: (row) => setMarking(row),
      },
      {
        key: 'reinitiate',
        label: t('mno.reinitiate'),
        name: (row) => t('mno.reinitiateNamed', { operator: row.operator, batchJobId: row.batchJobId }),
        icon: <ReplayOutlined fontSize="small" />,
        color: 'warning',
        permission: perms.reinitiate,
        visible: (row) => row.counts.failed > 0,
        confirm: (row) => ({
          title: t('mno.reinitiateTitle'),
          text: t('mno.reinitiateText', {
            count: row.counts.failed,
            formatted: number.format(row.counts.failed),
            operator: row.operator,
          }),
          confirmLabel: t('mno.reinitiate'),
        }),
        run: async (row) => {
          const { result } = await reinitiate(row.id);
          return t('mno.reinitiated', { count: result.updated, formatted: number.format(result.updated) });
        },
      },
    ],
    [t, number, perms.markAsDone, perms.reinitiate, reinitiate],
  );

  return (
    <ListScreen
      resource="requests"
      id="mno-jobs"
      title={title}
      label={title}
      list={list}
      query={query}
      columns={columns}
      filters={filters}
      actions={actions}
      noRows={t('mno.noRows')}
      failure={failure}
      data-testid="mno-jobs"
    >
      {marking && <MarkDoneDialog mnoJob={marking} onClose={() => setMarking(null)} />}
    </ListScreen>
  );
}

/** The MNO jobs of one batch job, on its page beside its tasks (their own pages, ten at a time). */
export function MnoJobsTable({ batchJobId, title }: { batchJobId: string; title: string }) {
  const list = useListController({ paging: 'cursor', syncWithLocation: false, defaultLimit: 10 });
  return <MnoJobsList list={list} title={title} batchJobId={batchJobId} />;
}
