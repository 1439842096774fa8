import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TSimWhitelist, type TWhitelistSyncState, WHITELIST_SYNC_STATES } from '@tarang/shared/whitelists/whitelist.schemas';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/features/requests/hooks/use-number-format';
import type { TStateCounts } from '../api/get-sim-whitelists';
import { useWhitelistMessages } from '../utils/messages';

export const SYNC_STATE_COLOR: Record<TWhitelistSyncState, NonNullable<ChipProps['color']>> = {
  SCHEDULED: 'default',
  PENDING: 'info',
  APPLIED: 'success',
  DRIFTED: 'warning',
  FAILED: 'error',
  REMOVED: 'default',
};

/** Where a profile's whitelist is at its operator. */
export function SyncStateChip({ state }: { state: TWhitelistSyncState }) {
  const { t } = useTranslation('whitelists');
  return (
    <Chip
      size="small"
      color={SYNC_STATE_COLOR[state]}
      variant={state === 'APPLIED' || state === 'FAILED' || state === 'DRIFTED' ? 'filled' : 'outlined'}
      label={t(`simWhitelists.states.${state}`)}
      data-state={state}
    />
  );
}

type TSyncRow = Pick<TSimWhitelist, 'state' | 'error' | 'outdated'>;

/**
 * What is wrong with a profile's whitelist: the operator's error (Failed), what the reconcile found (Drifted), or that
 * the group changed since the profile was given it.
 */
export function useSyncProblem() {
  const { t } = useTranslation('whitelists');
  const { message } = useWhitelistMessages();
  return (row: TSyncRow): string | null => {
    if (row.error && row.state === 'DRIFTED') return t('simWhitelists.found', { note: message(row.error) });
    if (row.error && row.state === 'FAILED') return t('simWhitelists.operatorSaid', { error: message(row.error) });
    if (row.outdated && row.state === 'APPLIED') return t('simWhitelists.outdated');
    return null;
  };
}

/** A row's sync state: its chip and, when Failed, Drifted or outdated, why. */
export function SyncStateCell({ row }: { row: TSyncRow }) {
  const problem = useSyncProblem()(row);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <SyncStateChip state={row.state} />
      {problem && (
        <Typography variant="body2" color={row.state === 'FAILED' ? 'error' : 'warning.main'} noWrap title={problem}>
          {problem}
        </Typography>
      )}
    </Stack>
  );
}

type TStateCountsProps = {
  counts: TStateCounts | undefined;
  /** The state the list is narrowed to, if any. */
  value: TWhitelistSyncState | undefined;
  onChange: (state: TWhitelistSyncState | null) => void;
};

/**
 * How many profiles are in each state (for the list's other filters): one chip a state, pressed when the list shows
 * only that state; pressing it again shows every state.
 */
export function StateCounts({ counts, value, onChange }: TStateCountsProps) {
  const { t } = useTranslation('whitelists');
  const number = useNumberFormat();
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={t('simWhitelists.statesLabel')}
      data-testid="state-counts"
      sx={{ flexWrap: 'wrap', mb: 2 }}
    >
      {WHITELIST_SYNC_STATES.map((state) => {
        const chosen = value === state;
        const count = counts ? number.format(counts[state]) : '…';
        return (
          <Chip
            key={state}
            clickable
            color={chosen ? SYNC_STATE_COLOR[state] : 'default'}
            variant={chosen ? 'filled' : 'outlined'}
            label={t('simWhitelists.stateCount', { state: t(`simWhitelists.states.${state}`), count })}
            aria-pressed={chosen}
            onClick={() => onChange(chosen ? null : state)}
            data-state={state}
          />
        );
      })}
    </Stack>
  );
}
