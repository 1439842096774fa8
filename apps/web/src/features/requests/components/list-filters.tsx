import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { JOB_STATUSES, REQUEST_TYPES } from '@tarang/shared/requests/request.constants';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { TRequestListFilter } from '../api/get-requests';
import { DayField } from './day-field';

export const LIST_FILTER_KEYS = ['type', 'status', 'organizationId', 'batchJobId', 'from', 'to'] as const;
export type TListFilterKey = (typeof LIST_FILTER_KEYS)[number];
export const LIST_OPTIONS = { defaultSort: '-createdAt', sortable: ['createdAt'], filters: LIST_FILTER_KEYS } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{24}$/;

/** The address bar's filters, with anything the API would refuse left out. */
export function parseListFilter(raw: Record<TListFilterKey, string | undefined>): TRequestListFilter {
  const batch = raw.batchJobId?.trim().slice(0, 40);
  return {
    type: (REQUEST_TYPES as readonly string[]).includes(raw.type ?? '') ? (raw.type as TRequestListFilter['type']) : undefined,
    status: (JOB_STATUSES as readonly string[]).includes(raw.status ?? '') ? (raw.status as TRequestListFilter['status']) : undefined,
    organizationId: raw.organizationId && ID.test(raw.organizationId) ? raw.organizationId : undefined,
    batchJobId: batch || undefined,
    from: raw.from && DAY.test(raw.from) ? raw.from : undefined,
    to: raw.to && DAY.test(raw.to) ? raw.to : undefined,
  };
}

type TListFiltersProps = {
  filter: TRequestListFilter;
  update: (patch: Record<string, string | null>) => void;
  showType: boolean;
  showOrganization: boolean;
};

/** Filters of the request, termination and job lists: batch job, type, status, organisation and creation dates. */
export function ListFilters({ filter, update, showType, showOrganization }: TListFiltersProps) {
  const { t } = useTranslation('requests');
  const [batchText, setBatchText] = useState(filter.batchJobId ?? '');
  const debounced = useDebouncedValue(batchText.trim(), 400);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed id settles, not when the address changes
  useEffect(() => {
    if (debounced !== (filter.batchJobId ?? '')) update({ batchJobId: debounced || null });
  }, [debounced]);
  // A link (global search) that changes the address retypes the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if ((filter.batchJobId ?? '') !== batchText.trim()) setBatchText(filter.batchJobId ?? '');
  }, [filter.batchJobId]);

  const organizations = useOrganizationOptions(showOrganization);
  const options = useMemo(() => (organizations.data ?? []).map((o) => ({ id: o.id, label: o.tradeName })), [organizations.data]);
  const selected = options.find((o) => o.id === filter.organizationId) ?? null;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ p: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label={t('list.batchJob')}
        placeholder={t('list.batchJobPlaceholder')}
        value={batchText}
        onChange={(e) => setBatchText(e.target.value)}
        sx={{ width: { md: 170 } }}
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
      {showType && (
        <TextField
          select
          size="small"
          label={t('list.type')}
          value={filter.type ?? ''}
          onChange={(e) => update({ type: e.target.value || null })}
          sx={{ width: { md: 140 } }}
        >
          <MenuItem value="">{t('list.anyType')}</MenuItem>
          {REQUEST_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('list.status')}
        value={filter.status ?? ''}
        onChange={(e) => update({ status: e.target.value || null })}
        sx={{ width: { md: 150 } }}
      >
        <MenuItem value="">{t('list.anyStatus')}</MenuItem>
        {JOB_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      {showOrganization && (
        <Autocomplete
          size="small"
          options={options}
          value={selected}
          onChange={(_e, option) => update({ organizationId: option?.id ?? null })}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          sx={{ width: { md: 200 } }}
          renderInput={(props) => <TextField {...props} label={t('list.organization')} />}
          noOptionsText={t('list.noOrganizations')}
        />
      )}
      <DayField label={t('list.from')} value={filter.from} onChange={(day) => update({ from: day })} />
      <DayField label={t('list.to')} value={filter.to} onChange={(day) => update({ to: day })} />
    </Stack>
  );
}
