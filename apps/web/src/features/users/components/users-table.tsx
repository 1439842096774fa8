import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { type TUser, USER_STATUSES } from '@tarang/shared/users/user.schemas';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IdFilterChip } from '@/components/ui/id-filter-chip';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useGridLocaleText } from '@/hooks/use-grid-locale-text';
import { PAGE_SIZES, useListParams } from '@/hooks/use-list-params';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useDeleteUser } from '../api/delete-user';
import { type TUserStatus, useUsers } from '../api/get-users';
import { useSendUserMail } from '../api/send-user-mail';
import { useUserMessages } from '../utils/messages';
import { UserStatusChip } from './user-status-chip';

const SORTABLE = ['firstName', 'lastName', 'email', 'createdAt', 'status'] as const;
const FILTERS = ['organizationId', 'status'] as const;
/** Grid column → the API's sort field. */
const SORT_FIELD: Record<string, string> = { name: 'firstName', email: 'email', status: 'status', createdAt: 'createdAt' };

export const userEditHref = (id: string) => `/management/user/edit/${encodeURIComponent(id)}`;

function initials(user: TUser) {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

type TPending = { kind: 'delete' | 'mail'; user: TUser } | null;

/**
 * The users list (spec §2 /management/user): server-side pages, sorting and search, filters by
 * organisation and status, `?_id=` from global search, and the row actions the role allows.
 */
export function UsersTable() {
  const { t } = useTranslation('users');
  const { user: me } = useSignedIn();
  const { params, update } = useListParams({ defaultSort: '-createdAt', sortable: SORTABLE, filters: FILTERS });
  const localeText = useGridLocaleText(t('grid.noRows'));
  const messages = useUserMessages();
  const canSeeOrganizations = useCan('organisation');
  const canEdit = useCan('user', 'edit');
  const canDelete = useCan('user', 'delete');
  const canMail = useCan('user', 'sendMail');

  const [searchText, setSearchText] = useState(params.search);
  const debouncedSearch = useDebouncedValue(searchText.trim(), 350);
  // Only a new search term changes the address; the address changing does not retype the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed term settles, not when the address changes
  useEffect(() => {
    if (debouncedSearch !== params.search) update({ search: debouncedSearch });
  }, [debouncedSearch]);

  const status = USER_STATUSES.includes(params.filters.status as TUserStatus) ? (params.filters.status as TUserStatus) : undefined;
  const query = useUsers({
    page: params.page,
    limit: params.limit,
    sort: params.sort,
    search: params.search || undefined,
    _id: params.id,
    organizationId: params.filters.organizationId,
    status,
  });
  const organizations = useOrganizationOptions(canSeeOrganizations);

  const [pending, setPending] = useState<TPending>(null);
  const deleteMutation = useDeleteUser();
  const mailMutation = useSendUserMail();
  const busy = deleteMutation.isPending || mailMutation.isPending;

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'delete') {
        const result = await deleteMutation.mutateAsync(pending.user.id);
        notify.success(messages.success(result.message, 'deleted'));
      } else {
        const result = await mailMutation.mutateAsync(pending.user.id);
        notify.success(messages.success(result.message, 'mailSent'));
      }
    } catch (error) {
      notify.error(messages.failure(error));
    } finally {
      setPending(null);
    }
  };

  const columns = useMemo((): GridColDef<TUser>[] => {
    const cols: GridColDef<TUser>[] = [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1.1,
        minWidth: 180,
        valueGetter: (_value, row) => `${row.firstName} ${row.lastName}`.trim(),
        renderCell: ({ row, value }) => (
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <Avatar src={row.avatar ?? undefined} alt="" sx={{ width: 30, height: 30, fontSize: '0.8rem', bgcolor: 'primary.main' }}>
              {initials(row)}
            </Avatar>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {value as string}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'email',
        headerName: t('fields.contact'),
        flex: 1.3,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0, lineHeight: 1.35 }}>
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
      {
        field: 'role',
        headerName: t('fields.role'),
        flex: 0.8,
        minWidth: 120,
        sortable: false,
        valueGetter: (_value, row) => row.role.name,
      },
      {
        field: 'organization',
        headerName: t('fields.organization'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) => row.organization?.tradeName ?? t('staffShort'),
      },
      { field: 'status', headerName: t('fields.status'), width: 110, renderCell: ({ row }) => <UserStatusChip status={row.status} /> },
      { field: 'createdAt', headerName: t('fields.createdAt'), width: 172, valueFormatter: (value: string) => formatDateTime(value) },
    ];
    cols.push({
      field: 'actions',
      headerName: t('fields.actions'),
      width: 124,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => {
        const name = `${row.firstName} ${row.lastName}`.trim();
        const self = row.id === me.id;
        return (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
            {canMail && (
              <Tooltip title={t('actions.sendMail')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('actions.sendMailTo', { name })}
                    disabled={row.status === 'DISABLED'}
                    onClick={() => setPending({ kind: 'mail', user: row })}
                  >
                    <MailOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            )}
            {(canEdit || self) && (
              <Tooltip title={t('actions.edit')}>
                <IconButton size="small" aria-label={t('actions.editNamed', { name })} component={RouterLink} to={userEditHref(row.id)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canDelete && !self && (
              <Tooltip title={t('actions.delete')}>
                <IconButton
                  size="small"
                  aria-label={t('actions.deleteNamed', { name })}
                  color="error"
                  onClick={() => setPending({ kind: 'delete', user: row })}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        );
      },
    });
    return cols;
  }, [t, canEdit, canDelete, canMail, me.id]);

  const sortModel = useMemo((): GridSortModel => {
    const field = params.sort.replace(/^-/, '');
    const column = Object.entries(SORT_FIELD).find(([, f]) => f === field)?.[0];
    return column ? [{ field: column, sort: params.sort.startsWith('-') ? 'desc' : 'asc' }] : [];
  }, [params.sort]);

  const organizationOptions = useMemo(
    () => (organizations.data ?? []).map((o) => ({ id: o.id, label: o.tradeName })),
    [organizations.data],
  );
  const selectedOrganization = organizationOptions.find((o) => o.id === params.filters.organizationId) ?? null;

  const pendingName = pending ? `${pending.user.firstName} ${pending.user.lastName}`.trim() : '';
  const rows = query.data?.rows ?? [];

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }} useFlexGap>
        <TextField
          size="small"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          sx={{ minWidth: { md: 280 }, flex: { md: 1 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {canSeeOrganizations && (
          <Autocomplete
            size="small"
            options={organizationOptions}
            value={selectedOrganization}
            onChange={(_e, option) => update({ organizationId: option?.id ?? null })}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={{ minWidth: { md: 240 } }}
            renderInput={(props) => <TextField {...props} label={t('list.organizationFilter')} />}
            noOptionsText={t('list.noOrganizations')}
          />
        )}
        <TextField
          select
          size="small"
          label={t('list.statusFilter')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value || null })}
          sx={{ minWidth: { md: 160 } }}
        >
          <MenuItem value="">{t('list.anyStatus')}</MenuItem>
          {USER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {params.id && <IdFilterChip label={t('list.oneUser')} clearLabel={t('list.showAll')} onClear={() => update({ _id: null })} />}
      </Stack>
      {query.isError && (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {messages.failure(query.error)}
        </Typography>
      )}
      <DataGrid
        aria-label={t('list.label')}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        rowCount={query.data?.total ?? 0}
        loading={query.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={{ page: params.page - 1, pageSize: params.limit }}
        onPaginationModelChange={(model) =>
          model.pageSize !== params.limit ? update({ limit: model.pageSize }) : update({ page: model.page + 1 })
        }
        pageSizeOptions={[...PAGE_SIZES]}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const first = model[0];
          const field = first ? SORT_FIELD[first.field] : undefined;
          update({ sort: field ? `${first?.sort === 'desc' ? '-' : ''}${field}` : null });
        }}
        sortingOrder={['asc', 'desc']}
        disableColumnMenu
        disableColumnFilter
        disableRowSelectionOnClick
        disableVirtualization
        autoHeight
        localeText={localeText}
        sx={{ border: 0, borderTop: 1, borderColor: 'divider', borderRadius: 0 }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'delete' ? t('confirm.deleteTitle') : t('confirm.mailTitle')}
        text={pending?.kind === 'delete' ? t('confirm.deleteText', { name: pendingName }) : t('confirm.mailText', { name: pendingName })}
        confirmLabel={pending?.kind === 'delete' ? t('actions.delete') : t('actions.sendMail')}
        danger={pending?.kind === 'delete'}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
