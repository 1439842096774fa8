import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const HOLD_COLORS: Record<string, ChipProps['color']> = { HELD: 'warning', CAPTURED: 'success', RELEASED: 'default' };

/** The state of an activation's hold on the wallet: money held, charged (captured) or given back (released). */
export function HoldStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('activations');
  return (
    <Chip
      size="small"
      variant={status === 'RELEASED' ? 'outlined' : 'filled'}
      color={HOLD_COLORS[status] ?? 'default'}
      label={t(`holdStatus.${status}`, { defaultValue: status })}
      data-hold-status={status}
    />
  );
}
