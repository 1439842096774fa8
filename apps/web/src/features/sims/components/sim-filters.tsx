import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { SIM_OPERATORS, SIM_STATUSES } from '@tarang/shared/sims/sim.constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDay, parseDay } from '@/lib/date';
import { activeFilterCount, isSimSearchText, type TSimFilterValues } from '../utils/sim-filter';
import { OrganizationSelect } from './organization-select';
import { SettledTextField } from './settled-text-field';

type TPatch = Record<string, string | null>;

/** The organisation filter's choice for provider stock (SIMs with no organisation). */
const STOCK = 'stock';
const PLAN_ID = /^[0-9a-f]{24}$/;
const DATE_PLACEHOLDER = 'DD/MM/YYYY';

type TSimFiltersProps = {
  filter: TSimFilterValues;
  /** The search text in the address bar (digits). */
  search: string;
  update: (patch: TPatch) => void;
  organizations: readonly TOrganization[];
  organizationsLoading: boolean;
  /** Staff see provider stock as a choice; organisation users have none. */
  isStaff: boolean;
  showOrganizations: boolean;
};

function MultiSelect<T extends string>({
  label,
  options,
  value,
  onChange,
  optionLabel,
  anyLabel,
}: {
  label: string;
  options: readonly T[];
  value: T[];
  onChange: (next: T[]) => void;
  optionLabel: (option: T) => string;
  anyLabel: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => {
        const next = e.target.value as unknown as T[] | string;
        onChange(typeof next === 'string' ? (next.split(',') as T[]) : next);
      }}
      sx={{ minWidth: 170, maxWidth: 260 }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const list = selected as T[];
            return list.length ? list.map(optionLabel).join(', ') : anyLabel;
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option} dense>
          <Checkbox size="small" checked={value.includes(option)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={optionLabel(option)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The inventory's search box (first or last digits of an ICCID, IMSI or MSISDN) and filters: status,
 * operator, organisation (with its descendants) or provider stock, and under "More filters" the expiry
 * range, IMEI lock, tag, label and plan. Every change goes to the address bar, so the list can be linked.
 */
export function SimFilters({ filter, search, update, organizations, organizationsLoading, isStaff, showOrganizations }: TSimFiltersProps) {
  const { t } = useTranslation('sims');
  const more = [filter.expiresFrom, filter.expiresTo, filter.imeiLock, filter.tag, filter.label, filter.planId].filter(
    (v) => v !== undefined,
  ).length;
  const [open, setOpen] = useState(more > 0);
  const count = activeFilterCount(filter);

  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}>
        <SettledTextField
          size="small"
          value={search}
          onSettled={(value) => update({ search: value })}
          validate={(value) => (isSimSearchText(value) ? null : t('filters.searchInvalid'))}
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          sx={{ minWidth: { md: 300 }, flex: { md: 1 } }}
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 25 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <MultiSelect
          label={t('filters.status')}
          options={SIM_STATUSES}
          value={filter.status}
          onChange={(next) => update({ status: next.join(',') || null })}
          optionLabel={(s) => t(`status.${s}`)}
          anyLabel={t('filters.any')}
        />
        <MultiSelect
          label={t('filters.operator')}
          options={SIM_OPERATORS}
          value={filter.operator}
          onChange={(next) => update({ operator: next.join(',') || null })}
          optionLabel={(o) => o}
          anyLabel={t('filters.any')}
        />
        {showOrganizations && (
          <OrganizationSelect
            size="small"
            organizations={organizations}
            loading={organizationsLoading}
            value={filter.inStock ? STOCK : (filter.organizationId ?? null)}
            onChange={(id) =>
              id === STOCK ? update({ organizationId: null, inStock: 'true' }) : update({ organizationId: id, inStock: null })
            }
            extra={isStaff ? { id: STOCK, label: t('filters.stock') } : undefined}
            label={t('filters.organization')}
            sx={{ minWidth: { md: 280 } }}
          />
        )}
        <Button
          onClick={() => setOpen((o) => !o)}
          startIcon={
            <Badge badgeContent={more} color="primary">
              <FilterListOutlined />
            </Badge>
          }
          aria-expanded={open}
          sx={{ alignSelf: { md: 'center' }, whiteSpace: 'nowrap' }}
        >
          {t(open ? 'filters.fewer' : 'filters.more')}
        </Button>
        {count > 0 && (
          <Button
            color="inherit"
            onClick={() =>
              update({
                status: null,
                operator: null,
                organizationId: null,
                inStock: null,
                planId: null,
                expiresFrom: null,
                expiresTo: null,
                imeiLock: null,
                tag: null,
                label: null,
              })
            }
            sx={{ alignSelf: { md: 'center' }, whiteSpace: 'nowrap' }}
          >
            {t('filters.clear')}
          </Button>
        )}
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', pt: 0.5 }}>
          <SettledTextField
            size="small"
            label={t('filters.expiresFrom')}
            placeholder={DATE_PLACEHOLDER}
            value={displayDay(filter.expiresFrom)}
            onSettled={(value) => update({ expiresFrom: value ? parseDay(value) : null })}
            validate={(value) => (parseDay(value) ? null : t('filters.dateInvalid'))}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          />
          <SettledTextField
            size="small"
            label={t('filters.expiresTo')}
            placeholder={DATE_PLACEHOLDER}
            value={displayDay(filter.expiresTo)}
            onSettled={(value) => update({ expiresTo: value ? parseDay(value) : null })}
            validate={(value) => (parseDay(value) ? null : t('filters.dateInvalid'))}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          />
          <TextField
            select
            size="small"
            label={t('filters.imeiLock')}
            value={filter.imeiLock === undefined ? '' : String(filter.imeiLock)}
            onChange={(e) => update({ imeiLock: e.target.value || null })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">{t('filters.any')}</MenuItem>
            <MenuItem value="true">{t('filters.locked')}</MenuItem>
            <MenuItem value="false">{t('filters.unlocked')}</MenuItem>
          </TextField>
          <SettledTextField
            size="small"
            label={t('filters.tag')}
            value={filter.tag ?? ''}
            onSettled={(value) => update({ tag: value || null })}
            validate={(value) => (value.length > 50 ? t('filters.tooLong', { max: 50 }) : null)}
            sx={{ width: 150 }}
          />
          <SettledTextField
            size="small"
            label={t('filters.label')}
            placeholder={t('filters.labelPlaceholder')}
            value={filter.label ?? ''}
            onSettled={(value) => update({ label: value || null })}
            validate={(value) => (value.length > 100 ? t('filters.tooLong', { max: 100 }) : null)}
            sx={{ width: 150 }}
          />
          <SettledTextField
            size="small"
            label={t('filters.plan')}
            placeholder={t('filters.planPlaceholder')}
            value={filter.planId ?? ''}
            onSettled={(value) => update({ planId: value || null })}
            validate={(value) => (PLAN_ID.test(value) ? null : t('filters.planInvalid'))}
            sx={{ width: 210 }}
          />
        </Stack>
      </Collapse>
    </Stack>
  );
}
