import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import type { TGroupChoice } from '../api/get-group-choices';
import { SIM_WHITELIST_KINDS } from '../utils/sim-whitelist-kinds';

type TGroupSelectProps = {
  kind: TWhitelistKind;
  choices: readonly TGroupChoice[];
  value: string;
  onChange: (groupId: string) => void;
  loading: boolean;
  /** The role cannot read the groups of the kind. */
  forbidden: boolean;
  /** Show whose each group is (the caller reaches several organisations). */
  showOrganization: boolean;
  /** The group the SIM holds now (marked in the menu). */
  currentId?: string | null;
  error?: string;
  hint?: string;
  disabled?: boolean;
};

/**
 * The group to put on SIMs: the IP groups that can be applied (active, with approved entries) or the number groups
 * with numbers, each with how many destinations or numbers it holds and, across organisations, whose it is.
 */
export function GroupSelect({
  kind,
  choices,
  value,
  onChange,
  loading,
  forbidden,
  showOrganization,
  currentId,
  error,
  hint,
  disabled,
}: TGroupSelectProps) {
  const { t } = useTranslation('whitelists');
  const number = useNumberFormat();
  const words = SIM_WHITELIST_KINDS[kind].words;
  const chosen = choices.some((c) => c.id === value) ? value : '';
  const empty = !loading && !forbidden && choices.length === 0;
  const describe = (c: TGroupChoice) =>
    [
      t(`simWhitelists.${words}.groupItems`, { count: c.items, formatted: number.format(c.items) }),
      showOrganization ? c.organization.tradeName : null,
      c.id === currentId ? t('simWhitelists.current') : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <TextField
      select
      label={t(`simWhitelists.${words}.group`)}
      value={chosen}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled || loading || forbidden || choices.length === 0}
      required
      error={!!error || empty || forbidden}
      helperText={
        error ??
        (forbidden
          ? t(`simWhitelists.${words}.cannotListGroups`)
          : empty
            ? t(`simWhitelists.${words}.noGroups`)
            : loading
              ? t('simWhitelists.loadingGroups')
              : (hint ?? t(`simWhitelists.${words}.groupHint`)))
      }
      sx={{ minWidth: 280, maxWidth: 560 }}
      slotProps={{
        select: {
          // The chosen group by its name; the menu also says what each holds.
          renderValue: (id) => choices.find((c) => c.id === id)?.name ?? '',
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
        },
      }}
    >
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          <ListItemText primary={c.name} secondary={describe(c)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
