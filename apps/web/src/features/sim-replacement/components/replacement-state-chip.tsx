import Chip, { type ChipProps } from '@mui/material/Chip';
import type { TReplacementState } from '@tarang/shared/sims/replacement.schemas';
import { useTranslation } from 'react-i18next';

export const REPLACEMENT_STATE_COLOR: Record<TReplacementState, NonNullable<ChipProps['color']>> = {
  WAITING: 'default',
  AT_OPERATOR: 'info',
  DONE: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
};

/** Where a replacement stands: filled once it has ended (Done, Failed, Cancelled), outlined while on its way. */
export function ReplacementStateChip({ state }: { state: TReplacementState }) {
  const { t } = useTranslation('sim-replacement');
  const ended = state === 'DONE' || state === 'FAILED' || state === 'CANCELLED';
  return (
    <Chip
      size="small"
      color={REPLACEMENT_STATE_COLOR[state]}
      variant={ended ? 'filled' : 'outlined'}
      label={t(`states.${state}`)}
      data-state={state}
    />
  );
}
