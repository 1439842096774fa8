import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useGridLocaleText } from '@/hooks/use-grid-locale-text';
import { PAGE_SIZES, useListParams } from '@/hooks/use-list-params';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { useRoleMessages } from '../utils/messages';

const SORTABLE = ['name', 'createdAt'] as const;
const FILTERS = ['organizationId'] as const;
const SORT_FIELD: Record<string, string> = { name: 'name', createdAt: 'createdAt' };

export const roleEditHref = (id: string) => `/management/role/edit/${encodeURIComponent(id)}`;

type TAccess = { canEdit: boolean; canDelete: boolean; canSeeOrganizations: boolean };

/** The roles list (spec §2 /management/role): server-side pages, sorting and search, an organisation filter. */
export function RolesTable({ canEdit, canDelete, canSeeOrganizations }: TAccess) {
  const { t } = useTranslation('roles');
  const { params, update } = useListParams({ defaultSort: 'name', sortable: SORTABLE, filters: FILTERS });
  const localeText = useGridLocaleText(t('grid.noRows'));
  const messages = useRoleMessages();

  const [searchText, setSearchText] = useState(params.search);
  const debouncedSearch = useDebouncedValue(searchText.trim(), 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed term settles, not when the address changes
  useEffect(() => {
    if (debouncedSearch !== params.search) update({ search: debouncedSearch });
  }, [debouncedSearch]);

  const query = useRoles({
    page: params.page,
    limit: params.limit,
    sort: params.sort,
    search: params.search || undefined,
    _id: params.id,
    organizationId: params.filters.organizationId,
  });
  const organizations = useOrganizationOptions(canSeeOrganizations);
  const orgName = useMemo(() => new Map((organizations.data ?? []).map((o) => [o.id, o.tradeName])), [organizations.data]);

  const [pending, setPending] = useState<TRole | null>(null);
  const deleteMutation = useDeleteRole();
  const confirm = async () => {
    if (!pending) return;
    try {
      const result = await deleteMutation.mutateAsync(pending.id);
      notify.success(messages.success(result.message, 'deleted'));
    } catch (error) {
      notify.error(messages.failure(error));
    } finally {
      setPending(null);
    }
  };

  const columns = useMemo((): GridColDef<TRole>[] => {
    const cols: GridColDef<TRole>[] = [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1.3,
        minWidth: 250,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {row.name}
            </Typography>
            {row.system && <Chip size="small" icon={<LockOutlined />} label={t('list.builtIn')} variant="outlined" />}
          </Stack>
        ),
      },
      {
        field: 'description',
        headerName: t('fields.description'),
        flex: 1.5,
        minWidth: 200,
        sortable: false,
        valueGetter: (value) => value ?? '—',
      },
      { field: 'kind', headerName: t('fields.kind'), width: 140, sortable: false, valueGetter: (_value, row) => t(`kind.${row.kind}`) },
      {
        field: 'organizationId',
        headerName: t('fields.organization'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (value: string | null) => (value ? (orgName.get(value) ?? t('list.otherOrganization')) : t('list.platform')),
      },
      { field: 'usersCount', headerName: t('fields.usersCount'), width: 90, sortable: false, valueGetter: (value) => value ?? 0 },
      { field: 'createdAt', headerName: t('fields.createdAt'), width: 170, valueFormatter: (value: string) => formatDateTime(value) },
      {
        field: 'actions',
        headerName: t('fields.actions'),
        width: 110,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => {
          const editable = canEdit && !row.system;
          return (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
              <Tooltip title={editable ? t('actions.edit') : t('actions.view')}>
                <IconButton
                  size="small"
                  aria-label={editable ? t('actions.editNamed', { name: row.name }) : t('actions.viewNamed', { name: row.name })}
                  component={RouterLink}
                  to={roleEditHref(row.id)}
                >
                  {editable ? <EditOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
                </IconButton>
              </Tooltip>
              {canDelete && !row.system && (
                <Tooltip title={t('actions.delete')}>
                  <IconButton
                    size="small"
                    aria-label={t('actions.deleteNamed', { name: row.name })}
                    color="error"
                    onClick={() => setPending(row)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          );
        },
      },
    ];
    return cols;
  }, [t, canEdit, canDelete, orgName]);

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
            noOptionsText={t('form.noOrganizations')}
          />
        )}
      </Stack>
      {query.isError && (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {messages.failure(query.error)}
        </Typography>
      )}
      <DataGrid
        aria-label={t('list.label')}
        rows={query.data?.rows ?? []}
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
        title={t('confirm.deleteTitle')}
        text={t('confirm.deleteText', { name: pending?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        danger
        busy={deleteMutation.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
