import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SubdirectoryArrowRight from '@mui/icons-material/SubdirectoryArrowRight';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IdFilterChip } from '@/components/ui/id-filter-chip';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useGridLocaleText } from '@/hooks/use-grid-locale-text';
import { PAGE_SIZES, useListParams } from '@/hooks/use-list-params';
import { formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { depthById } from '@/lib/organization-tree';
import { useDeleteOrganization } from '../api/delete-organization';
import { useOrganizations } from '../api/get-organizations';
import { useOrganizationMessages } from '../utils/messages';

const SORTABLE = ['tradeName', 'brandName', 'createdAt', 'path'] as const;
const FILTERS = ['parentId'] as const;
/** Grid column → the API's sort field. */
const SORT_FIELD: Record<string, string> = { tradeName: 'tradeName', brandName: 'brandName', createdAt: 'createdAt' };

export const LIST = '/management/organisation';
export const organizationEditHref = (id: string) => `/management/organisation/edit/${encodeURIComponent(id)}`;
export const organizationSettingsHref = (id: string) => `/management/organisation/edit-settings/${encodeURIComponent(id)}`;

/** A cell's content, centred vertically like the grid's own text. */
function Cell({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>{children}</Box>;
}

type TAccess = { canEdit: boolean; canDelete: boolean; canEditSettings: boolean; ownOrganizationId: string | null };

/**
 * The organisations list (spec §2 /management/organisation): server-side pages, sorting and search,
 * the tree (sorted by path, names indented under their parent), a parent filter, `?_id=` from global
 * search, and the row actions the role allows.
 */
export function OrganizationsTable({ canEdit, canDelete, canEditSettings, ownOrganizationId }: TAccess) {
  const { t } = useTranslation('organizations');
  const { params, update } = useListParams({ defaultSort: 'path', sortable: SORTABLE, filters: FILTERS });
  const localeText = useGridLocaleText(t('grid.noRows'));
  const messages = useOrganizationMessages();

  const [searchText, setSearchText] = useState(params.search);
  const debouncedSearch = useDebouncedValue(searchText.trim(), 350);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed term settles, not when the address changes
  useEffect(() => {
    if (debouncedSearch !== params.search) update({ search: debouncedSearch });
  }, [debouncedSearch]);

  const query = useOrganizations({
    page: params.page,
    limit: params.limit,
    sort: params.sort,
    search: params.search || undefined,
    _id: params.id,
    parentId: params.filters.parentId,
  });
  const options = useOrganizationOptions();
  const byId = useMemo(() => new Map((options.data ?? []).map((o) => [o.id, o])), [options.data]);
  const depth = useMemo(() => depthById(options.data ?? []), [options.data]);
  const treeView = params.sort === 'path' && !params.search;

  const [pending, setPending] = useState<TOrganization | null>(null);
  const deleteMutation = useDeleteOrganization();
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

  const columns = useMemo((): GridColDef<TOrganization>[] => {
    const cols: GridColDef<TOrganization>[] = [
      {
        field: 'tradeName',
        headerName: t('fields.tradeName'),
        flex: 1.4,
        minWidth: 220,
        renderCell: ({ row }) => {
          const level = treeView ? (depth.get(row.id) ?? 0) : 0;
          return (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', height: '100%', minWidth: 0, pl: level * 2.5 }}>
              {level > 0 && <SubdirectoryArrowRight fontSize="small" color="action" aria-hidden="true" />}
              <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                {row.tradeName}
              </Typography>
            </Stack>
          );
        },
      },
      { field: 'brandName', headerName: t('fields.brandName'), flex: 1, minWidth: 150, valueGetter: (value) => value ?? '—' },
      { field: 'email', headerName: t('fields.email'), flex: 1.2, minWidth: 190, sortable: false, valueGetter: (value) => value ?? '—' },
      {
        field: 'parentId',
        headerName: t('fields.parent'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => {
          if (!row.parentId)
            return (
              <Cell>
                <Typography variant="body2" color="text.secondary">
                  {t('list.topLevel')}
                </Typography>
              </Cell>
            );
          const parent = byId.get(row.parentId);
          return (
            <Cell>
              <Link component={RouterLink} to={`${LIST}?_id=${row.parentId}`} underline="hover" variant="body2" noWrap>
                {parent?.tradeName ?? t('list.unknownParent')}
              </Link>
            </Cell>
          );
        },
      },
      {
        field: 'childrenCount',
        headerName: t('fields.children'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => (
          <Cell>
            {row.childrenCount ? (
              <Link
                component="button"
                type="button"
                variant="body2"
                underline="hover"
                onClick={() => update({ parentId: row.id, _id: null })}
                aria-label={t('list.showChildren', { name: row.tradeName, count: row.childrenCount })}
              >
                {row.childrenCount}
              </Link>
            ) : (
              <Typography variant="body2" color="text.secondary">
                0
              </Typography>
            )}
          </Cell>
        ),
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip size="small" label={t(`status.${row.status}`)} color={row.status === 'ACTIVE' ? 'success' : 'default'} variant="outlined" />
        ),
      },
      { field: 'createdAt', headerName: t('fields.createdAt'), width: 170, valueFormatter: (value: string) => formatDateTime(value) },
    ];
    if (canEdit || canDelete || canEditSettings) {
      cols.push({
        field: 'actions',
        headerName: t('fields.actions'),
        width: 140,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
            {canEditSettings && (
              <Tooltip title={t('actions.settings')}>
                <IconButton
                  size="small"
                  aria-label={t('actions.settingsNamed', { name: row.tradeName })}
                  component={RouterLink}
                  to={organizationSettingsHref(row.id)}
                >
                  <SettingsOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canEdit && (
              <Tooltip title={t('actions.edit')}>
                <IconButton
                  size="small"
                  aria-label={t('actions.editNamed', { name: row.tradeName })}
                  component={RouterLink}
                  to={organizationEditHref(row.id)}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canDelete && row.id !== ownOrganizationId && (
              <Tooltip title={t('actions.delete')}>
                <IconButton
                  size="small"
                  aria-label={t('actions.deleteNamed', { name: row.tradeName })}
                  color="error"
                  onClick={() => setPending(row)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      });
    }
    return cols;
  }, [t, canEdit, canDelete, canEditSettings, ownOrganizationId, treeView, depth, byId, update]);

  const sortModel = useMemo((): GridSortModel => {
    const field = params.sort.replace(/^-/, '');
    const column = Object.entries(SORT_FIELD).find(([, f]) => f === field)?.[0];
    return column ? [{ field: column, sort: params.sort.startsWith('-') ? 'desc' : 'asc' }] : [];
  }, [params.sort]);

  const parentOptions = useMemo(
    () => (options.data ?? []).map((o) => ({ id: o.id, label: o.tradeName, depth: depth.get(o.id) ?? 0 })),
    [options.data, depth],
  );
  const selectedParent = parentOptions.find((o) => o.id === params.filters.parentId) ?? null;
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
        <Autocomplete
          size="small"
          options={parentOptions}
          value={selectedParent}
          onChange={(_e, option) => update({ parentId: option?.id ?? null })}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props} style={{ paddingLeft: 16 + option.depth * 20 }}>
              {option.label}
            </li>
          )}
          sx={{ minWidth: { md: 260 } }}
          renderInput={(props) => <TextField {...props} label={t('list.parentFilter')} />}
          noOptionsText={t('list.noOrganizations')}
        />
        {!treeView && (
          <Chip
            icon={<AccountTreeOutlined />}
            label={t('list.treeView')}
            variant="outlined"
            onClick={() => update({ sort: null, search: null })}
            clickable
          />
        )}
        {params.id && (
          <IdFilterChip label={t('list.oneOrganization')} clearLabel={t('list.showAll')} onClear={() => update({ _id: null })} />
        )}
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
        title={t('confirm.deleteTitle')}
        text={t('confirm.deleteText', { name: pending?.tradeName ?? '' })}
        confirmLabel={t('actions.delete')}
        danger
        busy={deleteMutation.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
