import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { OrganizationSelect } from '@/components/ui/organization-select';
import { DayField } from './day-field';
import { activeFilters, filterKeys, type TFilter, type TOrganizationFilter, type TTextFilter } from './filters';
import { IdFilterChip } from './id-filter-chip';
import type { TListPatch } from './list-params';
import { SelectFilter } from './select-filter';
import { SettledTextField } from './settled-text-field';

type TFilterBarProps = {
  /** A heading first in the row, for a list that is part of another screen. */
  title?: string;
  filters: readonly TFilter[];
  /** The list's checked values (`useListController().filter`). */
  values: Record<string, string | undefined>;
  update: (patch: TListPatch) => void;
  /** The chip of a list narrowed to one record by `?_id=` (global search); deleting it shows the whole list. */
  idChip?: { label: string; clearLabel: string } | null;
  /** Offer "Clear filters" once a filter narrows the list (the search box stays as typed). */
  clearable?: boolean;
  /** The screen's own controls after the filters (a view switch). */
  children?: ReactNode;
  /** At the end of the row: the column menu, the export. */
  tools?: ReactNode;
};

const ROW_SX = { alignItems: { md: 'center' }, flexWrap: 'wrap' } as const;

function TextFilter({ filter, value, update }: { filter: TTextFilter; value: string | undefined; update: (patch: TListPatch) => void }) {
  return (
    <SettledTextField
      size="small"
      value={value ?? ''}
      onSettled={(text) => update({ [filter.key]: text || null })}
      validate={filter.validate}
      label={filter.label}
      placeholder={filter.placeholder}
      sx={filter.grow ? { minWidth: { md: filter.width ?? 280 }, flex: { md: 1 } } : { width: { md: filter.width ?? 170 } }}
      slotProps={{
        htmlInput: { inputMode: filter.inputMode, maxLength: filter.maxLength },
        input: filter.search
          ? {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}

function OrganizationFilter({
  filter,
  values,
  update,
}: {
  filter: TOrganizationFilter;
  values: Record<string, string | undefined>;
  update: (patch: TListPatch) => void;
}) {
  const organizations = useOrganizationOptions();
  const { extra } = filter;
  const extraChoice = extra ? { id: `extra:${extra.value}`, label: extra.label } : undefined;
  const chosenExtra = extra && values[extra.key] === extra.value;
  return (
    <OrganizationSelect
      size="small"
      organizations={organizations.data ?? []}
      loading={organizations.isFetching}
      value={chosenExtra && extraChoice ? extraChoice.id : (values[filter.key] ?? null)}
      onChange={(id) => {
        if (extra && extraChoice && id === extraChoice.id) update({ [filter.key]: null, [extra.key]: extra.value });
        else update({ [filter.key]: id, ...(extra ? { [extra.key]: null } : {}) });
      }}
      extra={extraChoice}
      label={filter.label}
      sx={{ minWidth: { md: filter.width ?? 240 } }}
    />
  );
}

function FilterControl({
  filter,
  values,
  update,
}: {
  filter: TFilter;
  values: Record<string, string | undefined>;
  update: (patch: TListPatch) => void;
}) {
  const value = values[filter.key];
  switch (filter.kind) {
    case 'text':
      return <TextFilter filter={filter} value={value} update={update} />;
    case 'select':
      return <SelectFilter filter={filter} value={value} onChange={(v) => update({ [filter.key]: v })} />;
    case 'organization':
      return <OrganizationFilter filter={filter} values={values} update={update} />;
    case 'day':
      return (
        <DayField
          label={filter.label}
          value={value}
          placeholder={filter.placeholder}
          width={filter.width}
          onChange={(day) => update({ [filter.key]: day })}
        />
      );
  }
}

/**
 * The filters of a list, drawn from their declaration (`filters.ts`), every change going to the list's address:
 * the first row holds the main filters, "More filters" opens the rest, "Clear filters" empties them; then the
 * `?_id=` chip, the screen's own controls and its tools (columns, export).
 */
export function FilterBar({ title, filters, values, update, idChip, clearable = false, children, tools }: TFilterBarProps) {
  const { t } = useTranslation('list');
  const shown = filters.filter((f) => !f.hidden);
  const main = shown.filter((f) => !f.more);
  const more = shown.filter((f) => f.more);
  const moreActive = activeFilters(more, values);
  const [open, setOpen] = useState(moreActive > 0);
  const clearing = filters.filter((f) => !(f.kind === 'text' && f.grow));
  const narrowed = activeFilters(clearing, values) > 0;
  const draw = (list: TFilter[]) => list.map((f) => <FilterControl key={f.key} filter={f} values={values} update={update} />);

  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={ROW_SX}>
        {title && (
          <Typography variant="h2" sx={{ fontSize: '1.125rem', flex: { md: 1 } }}>
            {title}
          </Typography>
        )}
        {draw(main)}
        {more.length > 0 && (
          <Button
            onClick={() => setOpen((o) => !o)}
            startIcon={
              <Badge badgeContent={moreActive} color="primary">
                <FilterListOutlined />
              </Badge>
            }
            aria-expanded={open}
            sx={{ alignSelf: { md: 'center' }, whiteSpace: 'nowrap' }}
          >
            {t(open ? 'filters.fewer' : 'filters.more')}
          </Button>
        )}
        {clearable && narrowed && (
          <Button
            color="inherit"
            onClick={() => update(Object.fromEntries(clearing.flatMap(filterKeys).map((k) => [k, null])))}
            sx={{ alignSelf: { md: 'center' }, whiteSpace: 'nowrap' }}
          >
            {t('filters.clear')}
          </Button>
        )}
        {children}
        {idChip && <IdFilterChip label={idChip.label} clearLabel={idChip.clearLabel} onClear={() => update({ _id: null })} />}
        {tools && <Box sx={{ display: 'flex', gap: 1, ml: { md: 'auto' }, alignSelf: { xs: 'flex-end', md: 'center' } }}>{tools}</Box>}
      </Stack>
      {more.length > 0 && (
        <Collapse in={open} unmountOnExit>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ ...ROW_SX, pt: 0.5 }}>
            {draw(more)}
          </Stack>
        </Collapse>
      )}
    </Stack>
  );
}
