import LockOutlined from '@mui/icons-material/LockOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Chip from '@mui/material/Chip';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { NameCell } from '@/components/list-screen/name-cell';
import { deleteAction, editAction } from '@/components/list-screen/row-action-presets';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { useRoleMessages } from '../utils/messages';

const SORTABLE = ['name', 'createdAt'];

export const roleEditHref = (id: string) => `/management/role/edit/${encodeURIComponent(id)}`;

/** The roles list (spec §2 /management/role): server-side pages, sorting and search, an organisation filter. */
export function RolesTable() {
  const { t } = useTranslation('roles');
  const { failure, success } = useRoleMessages();
  const canEdit = useCan('role', 'edit');
  const canSeeOrganizations = useCan('organisation');
  const { mutateAsync: deleteRole } = useDeleteRole();

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'text', key: 'search', search: true, grow: true, label: t('list.search'), placeholder: t('list.searchPlaceholder') },
      { kind: 'organization', key: 'organizationId', label: t('list.organizationFilter'), hidden: !canSeeOrganizations },
    ],
    [t, canSeeOrganizations],
  );
  const list = useListController({ paging: 'pages', defaultSort: 'name', sortable: SORTABLE, filters });
  const query = useRoles({ ...list.pageParams, search: list.filter.search, organizationId: list.filter.organizationId });
  const organizations = useOrganizationOptions(canSeeOrganizations);
  const orgName = useMemo(() => new Map((organizations.data ?? []).map((o) => [o.id, o.tradeName])), [organizations.data]);

  const columns = useMemo(
    (): TListColumn<TRole>[] => [
      {
        field: 'name',
        header: t('fields.name'),
        sort: 'name',
        flex: 1.3,
        minWidth: 250,
        render: (row) => (
          <NameCell
            name={row.name}
            end={row.system && <Chip size="small" icon={<LockOutlined />} label={t('list.builtIn')} variant="outlined" />}
          />
        ),
      },
      { field: 'description', header: t('fields.description'), flex: 1.5, minWidth: 200, value: (row) => row.description ?? '—' },
      { field: 'kind', header: t('fields.kind'), width: 140, value: (row) => t(`kind.${row.kind}`) },
      {
        field: 'organizationId',
        header: t('fields.organization'),
        flex: 1,
        minWidth: 160,
        value: (row) => (row.organizationId ? (orgName.get(row.organizationId) ?? t('list.otherOrganization')) : t('list.platform')),
      },
      { field: 'usersCount', header: t('fields.usersCount'), width: 90, value: (row) => row.usersCount ?? 0 },
      { field: 'createdAt', header: t('fields.createdAt'), sort: 'createdAt', width: 170, value: (row) => formatDateTime(row.createdAt) },
    ],
    [t, orgName],
  );

  const actions = useMemo(
    (): TRowAction<TRole>[] => [
      editAction(t, { module: 'role', nameOf: (row) => row.name, visible: (row) => !row.system, href: (row) => roleEditHref(row.id) }),
      {
        key: 'view',
        label: t('actions.view'),
        name: (row) => t('actions.viewNamed', { name: row.name }),
        icon: <VisibilityOutlined fontSize="small" />,
        visible: (row) => row.system || !canEdit,
        href: (row) => roleEditHref(row.id),
      },
      deleteAction(t, { module: 'role', nameOf: (row) => row.name, visible: (row) => !row.system, remove: deleteRole, success }),
    ],
    [t, canEdit, success, deleteRole],
  );

  return <ListScreen resource="roles" list={list} query={query} columns={columns} actions={actions} failure={failure} />;
}
