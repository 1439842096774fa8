import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import { TASK_STATUSES } from '@tarang/shared/requests/request.constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { RowLink } from '@/components/list-screen/row-link';
import { useListController } from '@/components/list-screen/use-list-controller';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useJobTasks } from '../api/get-jobs';
import { useMarkMnoJobDone } from '../api/job-actions';
import type { TJobTask } from '../api/types';
import { useRequestPermissions } from '../hooks/use-request-permissions';
import { useRequestMessages } from '../utils/messages';
import { TaskStatusChip } from './status-chip';

const OPEN = new Set(['QUEUED', 'PENDING', 'SUBMITTING', 'SUBMITTED', 'FAILED']);

/** View Tasks: one row per SIM with its status, tries and error; live while the job runs; Mark As Done per SIM for staff. */
export function TasksTable({ jobId, live }: { jobId: string; live: boolean }) {
  const { t } = useTranslation('requests');
  const { message, failure } = useRequestMessages();
  const perms = useRequestPermissions();
  const { mutateAsync: markDone } = useMarkMnoJobDone();

  const filters = useMemo(
    (): TFilter[] => [
      {
        kind: 'select',
        key: 'status',
        label: t('tasks.status'),
        anyLabel: t('list.anyStatus'),
        options: TASK_STATUSES.map((s) => ({ value: s, label: t(`taskStatus.${s}`) })),
        width: 180,
      },
    ],
    [t],
  );
  const list = useListController({ paging: 'cursor', filters, syncWithLocation: false });
  const query = useJobTasks(jobId, { status: list.filter.status, ...list.cursorParams }, { enabled: true, live });

  const columns = useMemo(
    (): TListColumn<TJobTask>[] => [
      {
        field: 'iccid',
        header: t('fields.iccid'),
        minWidth: 190,
        flex: 1,
        mono: true,
        render: (row) => <RowLink to={paths.simDetails.getHref(row.iccid)}>{row.iccid}</RowLink>,
      },
      { field: 'operator', header: t('fields.operator'), width: 90 },
      { field: 'status', header: t('fields.status'), width: 130, render: (row) => <TaskStatusChip status={row.status} /> },
      {
        field: 'change',
        header: t('fields.change'),
        width: 180,
        value: (row) =>
          row.fromStatus && row.targetStatus
            ? `${t(`simStatus.${row.fromStatus}`, { defaultValue: row.fromStatus })} → ${t(`simStatus.${row.targetStatus}`, { defaultValue: row.targetStatus })}`
            : '—',
      },
      { field: 'tries', header: t('fields.tries'), width: 70, align: 'right' },
      { field: 'error', header: t('fields.error'), flex: 1.4, minWidth: 160, value: (row) => (row.error ? message(row.error) : '') },
      { field: 'doneBy', header: t('fields.doneBy'), width: 110, value: (row) => (row.doneBy ? t(`doneBy.${row.doneBy}`) : '—') },
      { field: 'updatedAt', header: t('fields.updatedAt'), width: 172, value: (row) => formatDateTime(row.updatedAt) },
    ],
    [t, message],
  );

  const actions = useMemo(
    (): TRowAction<TJobTask>[] => [
      {
        key: 'markDone',
        label: t('mno.markOne'),
        name: (row) => t('mno.markOneNamed', { iccid: row.iccid }),
        icon: <DoneAllOutlined fontSize="small" />,
        permission: perms.markAsDone,
        visible: (row) => OPEN.has(row.status),
        confirm: (row) => ({
          title: t('mno.markOneTitle'),
          text: t('mno.markOneText', { iccid: row.iccid, operator: row.operator }),
          confirmLabel: t('mno.markAsDone'),
        }),
        run: async (row) => {
          const { result } = await markDone({ id: row.mnoJobId, iccids: [row.iccid] });
          if (result.updated) return t('mno.markedOne', { iccid: row.iccid });
          notify.warning(message(result.skipped[0]?.reason) || t('mno.nothingMarked'));
        },
      },
    ],
    [t, message, perms.markAsDone, markDone],
  );

  return (
    <ListScreen
      resource="requests"
      id="tasks"
      title={t('tasks.title')}
      label={t('tasks.title')}
      list={list}
      query={query}
      columns={columns}
      actions={actions}
      noRows={t('tasks.noRows')}
      failure={failure}
      data-testid="tasks"
    />
  );
}
