import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TOrganization } from '@tarang/shared/organizations/organization.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { depthById } from '@/lib/organization-tree';

type TChoice = { id: string; label: string; depth: number };

type TOrganizationSelectProps = {
  organizations: readonly TOrganization[];
  value: string | null;
  onChange: (id: string | null) => void;
  label: string;
  loading?: boolean;
  /** Organisations not to offer (the caller's own, as an allocation target). */
  exclude?: string | null;
  /** A first choice that is not an organisation ("Provider stock"), under this id. */
  extra?: { id: string; label: string };
  required?: boolean;
  size?: 'small' | 'medium';
  helperText?: string;
  error?: boolean;
  sx?: object;
};

/** Picks one organisation of the caller's reach, children indented below their parents. */
export function OrganizationSelect({
  organizations,
  value,
  onChange,
  label,
  loading,
  exclude,
  extra,
  required,
  size,
  helperText,
  error,
  sx,
}: TOrganizationSelectProps) {
  const { t } = useTranslation('sims');
  const choices = useMemo((): TChoice[] => {
    const depth = depthById(organizations);
    const list = organizations.filter((o) => o.id !== exclude).map((o) => ({ id: o.id, label: o.tradeName, depth: depth.get(o.id) ?? 0 }));
    return extra ? [{ ...extra, depth: 0 }, ...list] : list;
  }, [organizations, exclude, extra]);
  return (
    <Autocomplete
      size={size}
      options={choices}
      value={choices.find((c) => c.id === value) ?? null}
      onChange={(_e, choice) => onChange(choice?.id ?? null)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      noOptionsText={t('filters.noOrganizations')}
      renderOption={({ key, ...props }, choice) => (
        <li key={key} {...props} style={{ paddingLeft: 16 + choice.depth * 20 }}>
          {choice.label}
        </li>
      )}
      sx={sx}
      renderInput={(props) => <TextField {...props} label={label} required={required} helperText={helperText} error={error} />}
    />
  );
}
