import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Chip from '@mui/material/Chip';
import { formatPaise } from '@tarang/shared/format/money';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { tMessage } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { useOwnWallet } from '../api/get-own-wallet';
import { isLowBalance } from '../utils/wallet-money';

/**
 * The organisation's available balance in the header, for organisation users only (spec §2, §6), in the warning
 * colour under the organisation's low-balance threshold. Every money call reads it again (it is a read of the wallet
 * resource). When the server has no wallet for the organisation (404) it renders nothing.
 */
export function HeaderWallet({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation('wallet');
  const wallet = useOwnWallet(organizationId);
  useEffect(() => {
    if (wallet.isError) notify.error(tMessage('walletFetchFailed'));
  }, [wallet.isError]);
  if (!organizationId || !wallet.data) return null;
  const amount = formatPaise(wallet.data.available);
  const low = isLowBalance(wallet.data);
  return (
    <Chip
      icon={<AccountBalanceWalletOutlined />}
      label={amount}
      variant="outlined"
      color={low ? 'warning' : 'primary'}
      role="status"
      aria-label={low ? t('availableLow', { amount }) : t('available', { amount })}
      data-testid="header-wallet"
      data-low={low || undefined}
      sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline-flex' } }}
    />
  );
}
