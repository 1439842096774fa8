import Chip from '@mui/material/Chip';
import type { TSimStatus } from '@tarang/shared/sims/sim.constants';
import { useTranslation } from 'react-i18next';

type TColor = 'success' | 'warning' | 'error' | 'info' | 'default' | 'primary';

const COLORS: Record<TSimStatus, TColor> = {
  IN_STOCK: 'default',
  ALLOCATED: 'primary',
  ACTIVE: 'success',
  SUSPENDED: 'warning',
  BARRED: 'error',
  TERMINATED: 'default',
  REPLACED: 'default',
  PENDING_ACTIVE: 'info',
  PENDING_SUSPENDED: 'info',
  PENDING_TERMINATED: 'info',
};

export function SimStatusChip({ status }: { status: TSimStatus }) {
  const { t } = useTranslation('sims');
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`status.${status}`)} />;
}
