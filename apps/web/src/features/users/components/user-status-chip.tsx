import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TUserStatus } from '../api/get-users';

const COLORS: Record<TUserStatus, 'success' | 'warning' | 'default'> = { ACTIVE: 'success', INVITED: 'warning', DISABLED: 'default' };

export function UserStatusChip({ status }: { status: TUserStatus }) {
  const { t } = useTranslation('users');
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`status.${status}`)} />;
}
