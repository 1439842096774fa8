import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Chip from '@mui/material/Chip';
import { formatPaise } from '@tarang/shared/format/money';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { tMessage } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { useHeaderWallet } from '../api/get-header-wallet';

/**
 * The organisation's available balance in the header, for organisation users only (spec §2, §6).
 * It shows when GET /wallet answers with a wallet; while the server has no wallet service (404)
 * it renders nothing.
 */
export function HeaderWallet({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation('wallet');
  const wallet = useHeaderWallet(organizationId);
  useEffect(() => {
    if (wallet.isError) notify.error(tMessage('walletFetchFailed'));
  }, [wallet.isError]);
  if (!organizationId || !wallet.data) return null;
  const amount = formatPaise(wallet.data.available);
  return (
    <Chip
      icon={<AccountBalanceWalletOutlined />}
      label={amount}
      variant="outlined"
      color="primary"
      aria-label={t('available', { amount })}
      data-testid="header-wallet"
      sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline-flex' } }}
    />
  );
}
