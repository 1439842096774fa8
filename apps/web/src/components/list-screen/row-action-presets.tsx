import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { TFunction } from 'i18next';
import type { TRowAction } from './row-actions';

/**
 * The edit and delete actions every managed resource offers, in its own words: `t` is the feature's translation,
 * whose namespace holds `actions.edit`, `actions.editNamed`, `actions.delete`, `actions.deleteNamed`,
 * `confirm.deleteTitle` and `confirm.deleteText` ({{name}} is the row's name); the permission is the module's
 * `edit` or `delete` action of the shared catalogue.
 */
type TPreset<R> = {
  /** The module of the shared catalogue. */
  module: string;
  /** The row's name, as the words say it ("Vikram Singh"). */
  nameOf: (row: R) => string;
  /** Whether this row offers it. */
  visible?: (row: R) => boolean;
};

/** Edit: a link to the row's edit screen, for roles with the module's `edit` (or as `permission` says). */
export function editAction<R>(
  t: TFunction,
  { module, nameOf, visible, href, permission }: TPreset<R> & { href: (row: R) => string; permission?: boolean },
): TRowAction<R> {
  return {
    key: 'edit',
    label: t('actions.edit'),
    name: (row) => t('actions.editNamed', { name: nameOf(row) }),
    icon: <EditOutlined fontSize="small" />,
    permission: permission ?? { module, action: 'edit' },
    visible,
    href,
  };
}

/**
 * Delete: asks first (it cannot be undone), then deletes the row and says so with the server's words (or the
 * feature's `messages.deleted`, through `success`).
 */
export function deleteAction<R extends { id: string }>(
  t: TFunction,
  {
    module,
    nameOf,
    visible,
    remove,
    success,
  }: TPreset<R> & {
    remove: (id: string) => Promise<{ message?: string }>;
    success: (message: string | undefined, fallback: string) => string;
  },
): TRowAction<R> {
  return {
    key: 'delete',
    label: t('actions.delete'),
    name: (row) => t('actions.deleteNamed', { name: nameOf(row) }),
    icon: <DeleteOutlined fontSize="small" />,
    color: 'error',
    permission: { module, action: 'delete' },
    visible,
    confirm: (row) => ({
      title: t('confirm.deleteTitle'),
      text: t('confirm.deleteText', { name: nameOf(row) }),
      confirmLabel: t('actions.delete'),
      danger: true,
    }),
    run: async (row) => success((await remove(row.id)).message, 'deleted'),
  };
}
