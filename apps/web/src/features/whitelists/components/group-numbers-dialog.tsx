import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { TNumberGroup, TWhitelistNumber } from '@tarang/shared/whitelists/whitelist.schemas';
import { formatWhitelistNumber } from '@tarang/shared/whitelists/whitelist-numbers';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { formatDateTime } from '@/lib/date';
import { useDeleteGroupNumber } from '../api/delete-group-number';
import { useGroupNumbers } from '../api/get-group-numbers';
import { useWhitelistMessages } from '../utils/messages';

const numberOf = (row: TWhitelistNumber) => row.number;

/**
 * The numbers of a group, a page at a time and searchable by digits, each with who added it and when; Delete Number
 * (asking first) for the roles that have it.
 */
export function GroupNumbersDialog({ group, onClose }: { group: TNumberGroup; onClose: () => void }) {
  const { t } = useTranslation(['whitelists', 'ui']);
  const { failure, success } = useWhitelistMessages();
  const titleId = useId();
  const { mutateAsync: deleteNumber } = useDeleteGroupNumber();
  const filters = useMemo(
    (): TFilter[] => [
      {
        kind: 'text',
        key: 'search',
        search: true,
        grow: true,
        label: t('numbers.search'),
        placeholder: t('numbers.searchPlaceholder'),
        inputMode: 'numeric',
        maxLength: 40,
      },
    ],
    [t],
  );
  const list = useListController({ paging: 'pages', filters, syncWithLocation: false, defaultLimit: 10 });
  const query = useGroupNumbers(group.id, { page: list.pageParams.page, limit: list.pageParams.limit, search: list.filter.search });

  const columns = useMemo(
    (): TListColumn<TWhitelistNumber>[] => [
      {
        field: 'number',
        header: t('fields.number'),
        flex: 1,
        minWidth: 180,
        mono: true,
        value: (row) => formatWhitelistNumber(row.number),
      },
      { field: 'createdBy', header: t('fields.addedBy'), flex: 1, minWidth: 150, value: (row) => row.createdBy?.label ?? '—' },
      { field: 'createdAt', header: t('fields.addedAt'), width: 172, value: (row) => formatDateTime(row.createdAt) },
    ],
    [t],
  );
  const actions = useMemo(
    (): TRowAction<TWhitelistNumber>[] => [
      {
        key: 'delete',
        label: t('actions.deleteNumber'),
        name: (row) => t('actions.deleteNumberNamed', { number: formatWhitelistNumber(row.number) }),
        icon: <DeleteOutlined fontSize="small" />,
        color: 'error',
        permission: { module: 'number-group', action: 'deleteNumber' },
        confirm: (row) => ({
          title: t('confirm.deleteNumberTitle'),
          text: t('confirm.deleteNumberText', { number: formatWhitelistNumber(row.number), name: group.name }),
          confirmLabel: t('actions.deleteNumber'),
          danger: true,
        }),
        run: async (row) => success((await deleteNumber({ groupId: group.id, number: row.number })).message, 'numberDeleted'),
      },
    ],
    [t, group.id, group.name, deleteNumber, success],
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('numbers.title', { name: group.name })}</DialogTitle>
      <DialogContent>
        <ListScreen
          resource="whitelists"
          id="group-numbers"
          label={t('numbers.listLabel', { name: group.name })}
          noRows={list.filter.search ? t('numbers.noMatch') : t('numbers.none')}
          list={list}
          query={query}
          columns={columns}
          actions={actions}
          failure={failure}
          getRowId={numberOf}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('ui:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
