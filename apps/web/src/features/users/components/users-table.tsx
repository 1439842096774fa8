import MailOutlined from '@mui/icons-material/MailOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type TUser, USER_STATUSES } from '@tarang/shared/users/user.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { NameCell } from '@/components/list-screen/name-cell';
import { deleteAction, editAction } from '@/components/list-screen/row-action-presets';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { useDeleteUser } from '../api/delete-user';
import { type TUserStatus, useUsers } from '../api/get-users';
import { useSendUserMail } from '../api/send-user-mail';
import { useUserMessages } from '../utils/messages';
import { UserStatusChip } from './user-status-chip';

const SORTABLE = ['firstName', 'lastName', 'email', 'createdAt', 'status'];

export const userEditHref = (id: string) => `/management/user/edit/${encodeURIComponent(id)}`;

const fullName = (user: TUser) => `${user.firstName} ${user.lastName}`.trim();
const initials = (user: TUser) => `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

/**
 * The users list (spec §2 /management/user): server-side pages, sorting and search, filters by organisation and
 * status, `?_id=` from global search, and the row actions the role allows (everyone may open their own profile,
 * nobody deletes themselves).
 */
export function UsersTable() {
  const { t } = useTranslation('users');
  const { user: me } = useSignedIn();
  const { failure, success } = useUserMessages();
  const canSeeOrganizations = useCan('organisation');
  const canEdit = useCan('user', 'edit');
  const { mutateAsync: deleteUser } = useDeleteUser();
  const { mutateAsync: sendMail } = useSendUserMail();

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'text', key: 'search', search: true, grow: true, label: t('list.search'), placeholder: t('list.searchPlaceholder') },
      { kind: 'organization', key: 'organizationId', label: t('list.organizationFilter'), hidden: !canSeeOrganizations },
      {
        kind: 'select',
        key: 'status',
        label: t('list.statusFilter'),
        anyLabel: t('list.anyStatus'),
        options: USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        width: 160,
      },
    ],
    [t, canSeeOrganizations],
  );
  const list = useListController({ paging: 'pages', defaultSort: '-createdAt', sortable: SORTABLE, filters });
  const query = useUsers({
    ...list.pageParams,
    search: list.filter.search,
    organizationId: list.filter.organizationId,
    status: list.filter.status as TUserStatus | undefined,
  });

  const columns = useMemo(
    (): TListColumn<TUser>[] => [
      {
        field: 'name',
        header: t('fields.name'),
        sort: 'firstName',
        flex: 1.1,
        minWidth: 180,
        render: (row) => (
          <NameCell
            name={fullName(row)}
            start={
              <Avatar src={row.avatar ?? undefined} alt="" sx={{ width: 30, height: 30, fontSize: '0.8rem', bgcolor: 'primary.main' }}>
                {initials(row)}
              </Avatar>
            }
          />
        ),
      },
      {
        field: 'email',
        header: t('fields.contact'),
        sort: 'email',
        flex: 1.3,
        minWidth: 200,
        render: (row) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.35 }}>
            <Typography variant="body2" noWrap>
              {row.email ?? '—'}
            </Typography>
            {row.phone && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.phone}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'role', header: t('fields.role'), flex: 0.8, minWidth: 120, value: (row) => row.role.name },
      {
        field: 'organization',
        header: t('fields.organization'),
        flex: 1,
        minWidth: 160,
        value: (row) => row.organization?.tradeName ?? t('staffShort'),
      },
      { field: 'status', header: t('fields.status'), sort: 'status', width: 110, render: (row) => <UserStatusChip status={row.status} /> },
      { field: 'createdAt', header: t('fields.createdAt'), sort: 'createdAt', width: 172, value: (row) => formatDateTime(row.createdAt) },
    ],
    [t],
  );

  const actions = useMemo(
    (): TRowAction<TUser>[] => [
      {
        key: 'mail',
        label: t('actions.sendMail'),
        name: (row) => t('actions.sendMailTo', { name: fullName(row) }),
        icon: <MailOutlined fontSize="small" />,
        permission: { module: 'user', action: 'sendMail' },
        disabled: (row) => row.status === 'DISABLED',
        confirm: (row) => ({
          title: t('confirm.mailTitle'),
          text: t('confirm.mailText', { name: fullName(row) }),
          confirmLabel: t('actions.sendMail'),
        }),
        run: async (row) => success((await sendMail(row.id)).message, 'mailSent'),
      },
      editAction(t, {
        module: 'user',
        nameOf: fullName,
        permission: true,
        visible: (row) => canEdit || row.id === me.id,
        href: (row) => userEditHref(row.id),
      }),
      deleteAction(t, { module: 'user', nameOf: fullName, visible: (row) => row.id !== me.id, remove: deleteUser, success }),
    ],
    [t, canEdit, me.id, success, sendMail, deleteUser],
  );

  return <ListScreen resource="users" list={list} query={query} columns={columns} actions={actions} failure={failure} />;
}
