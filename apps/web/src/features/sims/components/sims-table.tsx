import LockOutlined from '@mui/icons-material/LockOutlined';
import TroubleshootOutlined from '@mui/icons-material/TroubleshootOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { SIM_ICCID_LIST_MAX } from '@tarang/shared/sims/sim.constants';
import type { TSim } from '@tarang/shared/sims/sim.schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterBar } from '@/components/list-screen/filter-bar';
import { PAGE_SIZES } from '@/components/list-screen/list-params';
import { useColumnVisibility } from '@/components/list-screen/use-column-visibility';
import { useGridLocaleText } from '@/components/list-screen/use-grid-locale-text';
import { useListController } from '@/components/list-screen/use-list-controller';
import { paths } from '@/config/paths';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { formatDate, formatDateTime } from '@/lib/date';
import { tMessage } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { useSims } from '../api/get-sims';
import type { TMoveKind } from '../api/move-sims';
import { useNumberFormat } from '../hooks/use-number-format';
import { useSimMessages } from '../utils/messages';
import { activeFilterCount, parseSimFilters, SIM_LIST_OPTIONS, simFilterBody, type TSimFilterKey } from '../utils/sim-filter';
import { MoveSimsDialog, type TMoveTarget } from './move-sims-dialog';
import { useSimFilters } from './sim-filters';
import { SimStatusChip } from './sim-status-chip';
import { SimsToolbar } from './sims-toolbar';

/** Grid columns that sort on the server, by the API's sort key. */
const SORT_FIELDS = new Set(['iccid', 'createdAt', 'expiresAt', 'status']);
/** Columns hidden until the user shows them. */
const HIDDEN = new Set(['apn', 'staticIp', 'planId', 'createdAt', 'imsi']);

const GRID_SX = {
  border: 0,
  borderTop: 1,
  borderColor: 'divider',
  borderRadius: 0,
  // A fixed height with its own scroll: only the rows in view are drawn, whatever the page size.
  height: { xs: 520, md: 'max(480px, calc(100vh - 330px))' },
  '& .sim-mono': { fontFamily: 'monospace', fontSize: '0.8125rem' },
  '& .sim-link': { color: 'primary.main', textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } },
} as const;
const simRowId = (row: TSim) => row.iccid;

export const simDiagnosisHref = (iccid: string) => `/sim-diagnosis?number=${encodeURIComponent(iccid)}`;

type TSelection = { key: string; ids: ReadonlySet<string>; all: boolean };

/**
 * The SIM inventory (spec §2 /sim-inventory): keyset pages from the server (a stack of cursors for going
 * back), sorting, the filters and search in the address bar, a column chooser, export of every matching
 * SIM, and row selection for Allocate and Roll Back — of the SIMs ticked, or of every SIM matching.
 */
export function SimsTable() {
  const { t } = useTranslation('sims');
  const number = useNumberFormat();
  const { user } = useSignedIn();
  const { failure } = useSimMessages();
  const canSeeOrganizations = useCan('organisation');
  const canAllocate = useCan('sim-inventory', 'allocate');
  const canRollBack = useCan('sim-inventory', 'rollBack');
  const canViewDetails = useCan('sim-inventory', 'viewDetails');
  const canSeeDetailsPage = useCan('sim-details');
  const canView = canViewDetails && canSeeDetailsPage;
  const canDiagnose = useCan('sim-inventory', 'diagnose');
  const isStaff = user.organization === null;
  const filters = useSimFilters({ isStaff, showOrganizations: canSeeOrganizations });
  const list = useListController({ paging: 'cursor', ...SIM_LIST_OPTIONS, filters });
  const { pageIndex, limit, sort, update } = list;
  const filter = useMemo(
    () => parseSimFilters(list.filter as Record<TSimFilterKey, string | undefined>, list.filter.search ?? ''),
    [list.filter],
  );
  const filtered = activeFilterCount(filter) > 0 || filter.search !== undefined;
  const localeText = useGridLocaleText(filtered ? t('grid.noMatches') : tMessage('noSimsFound'));

  // A new filter, sort or page size starts again from the first page, with nothing selected.
  const listKey = list.identity;
  const query = useSims({ filter, sort, limit, cursor: list.cursorParams.cursor });
  const rows = query.data?.rows ?? [];
  const meta = query.data?.meta;

  const [selection, setSelection] = useState<TSelection>({ key: listKey, ids: new Set(), all: false });
  const selected = selection.key === listKey ? selection : { key: listKey, ids: new Set<string>(), all: false };
  const [move, setMove] = useState<{ kind: TMoveKind; target: TMoveTarget } | null>(null);

  const totalText = meta
    ? t(meta.totalIsEstimate ? 'list.totalAbout' : 'list.total', { count: meta.total, formatted: number.format(meta.total) })
    : '';

  // Cells stay plain (class names styled once by the grid, native titles): a page holds up to 100 rows.
  const gridColumns = useMemo((): GridColDef<TSim>[] => {
    const cols: GridColDef<TSim>[] = [
      {
        field: 'iccid',
        headerName: t('fields.iccid'),
        minWidth: 200,
        flex: 1.2,
        cellClassName: 'sim-mono',
        renderCell: ({ row }) =>
          canView ? (
            <RouterLink to={paths.simDetails.getHref(row.iccid)} className="sim-link">
              {row.iccid}
            </RouterLink>
          ) : (
            row.iccid
          ),
      },
      {
        field: 'imsi',
        headerName: t('fields.imsi'),
        minWidth: 160,
        sortable: false,
        cellClassName: 'sim-mono',
        valueGetter: (_v, row) => row.primary.IMSI,
      },
      {
        field: 'msisdn',
        headerName: t('fields.msisdn'),
        minWidth: 150,
        sortable: false,
        cellClassName: 'sim-mono',
        valueGetter: (_v, row) => row.primary.MSISDN ?? '—',
      },
      { field: 'profile', headerName: t('fields.profile'), minWidth: 120, sortable: false },
      { field: 'status', headerName: t('fields.status'), width: 140, renderCell: ({ row }) => <SimStatusChip status={row.status} /> },
      {
        field: 'organization',
        headerName: t('fields.organization'),
        minWidth: 170,
        flex: 1,
        sortable: false,
        valueGetter: (_v, row) => row.organization?.tradeName ?? t('stock'),
      },
      {
        field: 'expiresAt',
        headerName: t('fields.expiresAt'),
        width: 120,
        valueFormatter: (value: string | null) => (value ? formatDate(value) : '—'),
      },
      { field: 'planId', headerName: t('fields.plan'), width: 200, sortable: false, valueFormatter: (v: string | null) => v ?? '—' },
      { field: 'apn', headerName: t('fields.apn'), width: 140, sortable: false, valueFormatter: (v: string | null) => v ?? '—' },
      { field: 'staticIp', headerName: t('fields.staticIp'), width: 140, sortable: false, valueFormatter: (v: string | null) => v ?? '—' },
      {
        field: 'imeiLock',
        headerName: t('fields.imeiLock'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) =>
          row.imeiLock ? (
            <LockOutlined
              fontSize="small"
              color="action"
              titleAccess={t('details.lockedTo', { imei: row.lockedImei ?? '' })}
              sx={{ verticalAlign: 'middle' }}
            />
          ) : (
            ''
          ),
      },
      {
        field: 'label',
        headerName: t('fields.label'),
        minWidth: 130,
        flex: 0.8,
        sortable: false,
        valueFormatter: (v: string | null) => v ?? '',
      },
      {
        field: 'tags',
        headerName: t('fields.tags'),
        minWidth: 140,
        flex: 0.8,
        sortable: false,
        renderCell: ({ row }) =>
          row.tags.length ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}>
              {row.tags.map((tag) => (
                <Chip key={tag} size="small" label={tag} />
              ))}
            </Stack>
          ) : (
            ''
          ),
      },
      {
        field: 'createdAt',
        headerName: t('fields.createdAt'),
        width: 172,
        valueFormatter: (value: string) => formatDateTime(value),
      },
    ];
    if (canView || canDiagnose) {
      cols.push({
        field: 'actions',
        headerName: t('fields.actions'),
        width: 96,
        sortable: false,
        hideable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <>
            {canView && (
              <IconButton
                size="small"
                component={RouterLink}
                to={paths.simDetails.getHref(row.iccid)}
                title={t('actions.viewDetails')}
                aria-label={t('actions.viewDetailsOf', { iccid: row.iccid })}
              >
                <VisibilityOutlined fontSize="small" />
              </IconButton>
            )}
            {canDiagnose && (
              <IconButton
                size="small"
                component={RouterLink}
                to={simDiagnosisHref(row.iccid)}
                title={t('actions.diagnose')}
                aria-label={t('actions.diagnoseOf', { iccid: row.iccid })}
              >
                <TroubleshootOutlined fontSize="small" />
              </IconButton>
            )}
          </>
        ),
      });
    }
    return cols;
  }, [t, canView, canDiagnose]);

  const columnChoices = useMemo(
    () =>
      gridColumns
        .filter((c) => c.hideable !== false)
        .map((c) => ({ field: c.field, header: c.headerName ?? c.field, hidden: HIDDEN.has(c.field) })),
    [gridColumns],
  );
  const visibility = useColumnVisibility('sims', columnChoices);

  const sortModel = useMemo((): GridSortModel => {
    const field = sort.replace(/^-/, '');
    return SORT_FIELDS.has(field) ? [{ field, sort: sort.startsWith('-') ? 'desc' : 'asc' }] : [];
  }, [sort]);

  const pageIds = useMemo(() => rows.map((r) => r.iccid), [rows]);
  // Props of the grid keep their identity between renders: a new object makes the grid redo its rows.
  const selectionModel = useMemo(
    (): GridRowSelectionModel => ({ type: 'include', ids: selected.all ? new Set(pageIds) : new Set(selected.ids) }),
    [selected.all, selected.ids, pageIds],
  );
  const selectedCount = selected.all ? (meta?.total ?? 0) : selected.ids.size;
  const wholePageSelected = !selected.all && rows.length > 0 && pageIds.every((id) => selected.ids.has(id));
  const moreThanPage = Boolean(meta?.nextCursor) || pageIndex > 0;

  const onSelectionChange = (model: GridRowSelectionModel) => {
    const ids = model.type === 'include' ? new Set([...model.ids].map(String)) : new Set(pageIds.filter((id) => !model.ids.has(id)));
    setSelection({ key: listKey, ids, all: false });
  };

  const openMove = (kind: TMoveKind) => {
    if (!selected.all && selected.ids.size > SIM_ICCID_LIST_MAX) {
      notify.error(t('selection.tooMany', { max: number.format(SIM_ICCID_LIST_MAX) }));
      return;
    }
    const target: TMoveTarget = selected.all
      ? { kind: 'filter', filter: simFilterBody(filter), count: meta?.total ?? 0, estimate: meta?.totalIsEstimate ?? false }
      : { kind: 'iccids', iccids: [...selected.ids] };
    setMove({ kind, target });
  };

  const from = rows.length ? pageIndex * limit + 1 : 0;
  const to = pageIndex * limit + rows.length;
  const gridLocaleText = useMemo(
    () => ({
      ...localeText,
      paginationDisplayedRows: () =>
        meta
          ? t(meta.totalIsEstimate ? 'grid.displayedAbout' : 'grid.displayed', {
              from: number.format(from),
              to: number.format(to),
              total: number.format(meta.total),
            })
          : '',
    }),
    [localeText, meta, from, to, t, number],
  );
  const paginationModel = useMemo(() => ({ page: pageIndex, pageSize: limit }), [pageIndex, limit]);
  const hasNextPage = Boolean(meta?.nextCursor);
  const paginationMeta = useMemo(() => ({ hasNextPage }), [hasNextPage]);
  const slotProps = useMemo(
    () => ({
      toolbar: {
        totalText,
        filter,
        sort,
        columns: columnChoices,
        visibility: visibility.model,
        onVisibilityChange: visibility.change,
      },
      loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } as const,
    }),
    [totalText, filter, sort, columnChoices, visibility.model, visibility.change],
  );

  return (
    <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
      <FilterBar filters={filters} values={list.filter} update={update} clearable />
      {query.isError && (
        <Alert severity="error" role="alert" sx={{ mx: 2, mb: 2 }}>
          {failure(query.error)}
        </Alert>
      )}
      {selectedCount > 0 && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          data-testid="selection-bar"
          sx={{ px: 2, py: 1, alignItems: { sm: 'center' }, bgcolor: 'action.selected', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {selected.all
              ? t(meta?.totalIsEstimate ? 'selection.allMatchingAbout' : 'selection.allMatching', {
                  count: selectedCount,
                  formatted: number.format(selectedCount),
                })
              : t('selection.count', { count: selectedCount, formatted: number.format(selectedCount) })}
          </Typography>
          {wholePageSelected && moreThanPage && meta && (
            <Button size="small" onClick={() => setSelection({ key: listKey, ids: new Set(), all: true })}>
              {t(meta.totalIsEstimate ? 'selection.selectAllAbout' : 'selection.selectAll', {
                count: meta.total,
                formatted: number.format(meta.total),
              })}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          {canAllocate && (
            <Button size="small" variant="contained" onClick={() => openMove('allocate')}>
              {t('actions.allocate')}
            </Button>
          )}
          {canRollBack && (
            <Button size="small" variant="outlined" color="warning" onClick={() => openMove('rollback')}>
              {t('actions.rollBack')}
            </Button>
          )}
          <Button size="small" color="inherit" onClick={() => setSelection({ key: listKey, ids: new Set(), all: false })}>
            {t('selection.clear')}
          </Button>
        </Stack>
      )}
      <DataGrid
        label={t('list.label')}
        rows={rows}
        columns={gridColumns}
        getRowId={simRowId}
        rowCount={-1}
        paginationMeta={paginationMeta}
        loading={query.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={(model) => {
          if (model.pageSize !== limit) update({ limit: model.pageSize });
          else list.goTo(model.page, meta?.nextCursor);
        }}
        pageSizeOptions={[...PAGE_SIZES]}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const first = model[0];
          update({ sort: first && SORT_FIELDS.has(first.field) ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : null });
        }}
        sortingOrder={['asc', 'desc']}
        checkboxSelection={canAllocate || canRollBack}
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={onSelectionChange}
        keepNonExistentRowsSelected
        columnVisibilityModel={visibility.model}
        onColumnVisibilityModelChange={visibility.change}
        showToolbar
        slots={{ toolbar: SimsToolbar }}
        slotProps={slotProps}
        disableColumnMenu
        disableColumnFilter
        disableRowSelectionOnClick
        localeText={gridLocaleText}
        sx={GRID_SX}
      />
      {move && (
        <MoveSimsDialog
          kind={move.kind}
          target={move.target}
          onClose={(moved) => {
            setMove(null);
            if (moved) setSelection({ key: listKey, ids: new Set(), all: false });
          }}
        />
      )}
    </Card>
  );
}
