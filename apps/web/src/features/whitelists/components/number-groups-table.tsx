import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FormatListNumberedOutlined from '@mui/icons-material/FormatListNumberedOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { TNumberGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { NameCell } from '@/components/list-screen/name-cell';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { formatDateTime } from '@/lib/date';
import { useDeleteNumberGroup } from '../api/delete-number-group';
import { useNumberGroups } from '../api/get-number-groups';
import { useWhitelistMessages } from '../utils/messages';
import { AddNumbersDialog } from './add-numbers-dialog';
import { AddNumbersFileDialog } from './add-numbers-file-dialog';
import { GroupNumbersDialog } from './group-numbers-dialog';
import { useOrganizationReach } from './use-organization-reach';

const SORTABLE = ['name', 'tradeName', 'numbersCount', 'createdAt', 'updatedAt'];
const MODULE = 'number-group';

type TOpen = { dialog: 'numbers' | 'add' | 'file'; group: TNumberGroup } | null;

/**
 * The number groups (spec /white-listing/number): each group's organisation (when the caller reaches several), how
 * many numbers it holds and when it last changed. Row actions as the role allows: Numbers (the group's numbers, with
 * Delete Number), Add Number (typed, or from a CSV/XLSX file), and deleting the group.
 */
export function NumberGroupsTable() {
  const { t } = useTranslation('whitelists');
  const { failure, success } = useWhitelistMessages();
  const reach = useOrganizationReach();
  const { mutateAsync: deleteGroup } = useDeleteNumberGroup();
  const [open, setOpen] = useState<TOpen>(null);

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'text', key: 'search', search: true, grow: true, label: t('list.search'), placeholder: t('list.searchPlaceholder') },
    ],
    [t],
  );
  const list = useListController({ paging: 'pages', defaultSort: '-updatedAt', sortable: SORTABLE, filters });
  const query = useNumberGroups({ ...list.pageParams, search: list.filter.search });

  const columns = useMemo(
    (): TListColumn<TNumberGroup>[] => [
      { field: 'name', header: t('fields.name'), sort: 'name', flex: 1, minWidth: 180, render: (row) => <NameCell name={row.name} /> },
      ...(reach.many
        ? [
            {
              field: 'organization',
              header: t('fields.organization'),
              sort: 'tradeName',
              flex: 1,
              minWidth: 170,
              value: (row: TNumberGroup) => row.organization.tradeName,
            },
          ]
        : []),
      { field: 'numbersCount', header: t('fields.numbers'), sort: 'numbersCount', width: 110, align: 'right' },
      { field: 'updatedAt', header: t('fields.updatedAt'), sort: 'updatedAt', width: 172, value: (row) => formatDateTime(row.updatedAt) },
    ],
    [t, reach.many],
  );

  const actions = useMemo(
    (): TRowAction<TNumberGroup>[] => [
      {
        key: 'numbers',
        label: t('actions.numbers'),
        name: (row) => t('actions.numbersNamed', { name: row.name }),
        icon: <FormatListNumberedOutlined fontSize="small" />,
        run: (row) => setOpen({ dialog: 'numbers', group: row }),
      },
      {
        key: 'add',
        label: t('actions.addNumber'),
        name: (row) => t('actions.addNumberNamed', { name: row.name }),
        icon: <PlaylistAddOutlined fontSize="small" />,
        permission: { module: MODULE, action: 'addNumber' },
        run: (row) => setOpen({ dialog: 'add', group: row }),
      },
      {
        key: 'file',
        label: t('actions.addNumbersFromFile'),
        name: (row) => t('actions.addNumbersFromFileNamed', { name: row.name }),
        icon: <UploadFileOutlined fontSize="small" />,
        permission: { module: MODULE, action: 'addNumber' },
        run: (row) => setOpen({ dialog: 'file', group: row }),
      },
      {
        key: 'delete',
        label: t('actions.deleteNumberGroup'),
        name: (row) => t('actions.deleteNumberGroupNamed', { name: row.name }),
        icon: <DeleteOutlined fontSize="small" />,
        color: 'error',
        permission: { module: MODULE, action: 'deleteNumber' },
        confirm: (row) => ({
          title: t('confirm.deleteNumberGroupTitle'),
          text: t('confirm.deleteNumberGroupText', { name: row.name, count: row.numbersCount }),
          confirmLabel: t('actions.deleteNumberGroup'),
          danger: true,
        }),
        run: async (row) => success((await deleteGroup(row.id)).message, 'numberGroupDeleted'),
      },
    ],
    [t, deleteGroup, success],
  );

  const close = () => setOpen(null);
  return (
    <ListScreen
      resource="whitelists"
      id="number-groups"
      label={t('list.numberGroupsLabel')}
      noRows={t('list.noNumberGroups')}
      list={list}
      query={query}
      columns={columns}
      actions={actions}
      failure={failure}
    >
      {open?.dialog === 'numbers' && <GroupNumbersDialog group={open.group} onClose={close} />}
      {open?.dialog === 'add' && <AddNumbersDialog group={open.group} onClose={close} />}
      {open?.dialog === 'file' && <AddNumbersFileDialog group={open.group} onClose={close} />}
    </ListScreen>
  );
}
