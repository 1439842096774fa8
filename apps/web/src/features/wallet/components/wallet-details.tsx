import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordLoader } from '@/components/form/record-loader';
import { useOwnWallet } from '../api/get-own-wallet';
import { useWallet } from '../api/get-wallet';
import { useWalletMessages } from '../utils/messages';
import { ChildWallets } from './child-wallets';
import { TopUpDialog } from './top-up-dialog';
import { type TOpenAction, type TWalletAction, useWalletPermissions, WALLET_ACTION_ICONS, WalletActionDialog } from './wallet-actions';
import { WalletActivity } from './wallet-activity';
import { WalletSummary } from './wallet-summary';

type TWalletViewProps = {
  wallet: TWallet;
  /** The signed-in organisation's own wallet (null for staff, or while it loads). */
  own: TWallet | null;
};

/**
 * One wallet: its figures with the actions the role allows (staff: Send Money, Debit Money, Adjust Wallet; the
 * organisation on its own wallet: Top up; on a child's: Transfer money and Take back), then its statement and holds
 * for roles with View Details.
 */
export function WalletView({ wallet, own }: TWalletViewProps) {
  const { t } = useTranslation('wallet');
  const can = useWalletPermissions();
  const [open, setOpen] = useState<TOpenAction>(null);
  const [topUp, setTopUp] = useState(false);
  const mine = own !== null && own.id === wallet.id;
  const offered: TWalletAction[] = can.staff
    ? (['send', 'debit', 'adjust'] as const).filter((a) => can[a])
    : own && !mine
      ? (['give', 'takeBack'] as const).filter((a) => can[a])
      : [];

  const buttons = (
    <>
      {!can.staff && mine && (
        <Button variant="contained" startIcon={<AddCardOutlined />} onClick={() => setTopUp(true)}>
          {t('topUp.button')}
        </Button>
      )}
      {offered.map((action) => (
        <Button
          key={action}
          variant="outlined"
          color={action === 'debit' || action === 'takeBack' ? 'warning' : 'primary'}
          startIcon={WALLET_ACTION_ICONS[action]}
          onClick={() => setOpen({ action, wallet, own: own ?? undefined })}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
    </>
  );

  return (
    <Stack spacing={3}>
      <WalletSummary wallet={wallet} actions={buttons} />
      {can.viewDetails && <WalletActivity walletId={wallet.id} />}
      <WalletActionDialog open={open} onClose={() => setOpen(null)} />
      {topUp && <TopUpDialog wallet={wallet} onClose={() => setTopUp(false)} />}
    </Stack>
  );
}

/** /wallet/{id}: one wallet, read by its id. */
export function WalletDetails({ id }: { id: string }) {
  const { failure } = useWalletMessages();
  const can = useWalletPermissions();
  const own = useOwnWallet(can.ownOrganizationId);
  return (
    <RecordLoader query={useWallet(id)} failure={failure}>
      {(wallet) => <WalletView wallet={wallet} own={own.data ?? null} />}
    </RecordLoader>
  );
}

/**
 * /wallet for an organisation user: its own wallet (figures, Top up, statement, holds) and, with Child Wallets, the
 * wallets below it.
 */
export function MyWallet({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('wallet');
  const { failure } = useWalletMessages();
  const can = useWalletPermissions();
  const own = useOwnWallet(organizationId);
  return (
    <RecordLoader query={own} failure={failure}>
      {(wallet) =>
        wallet ? (
          <Stack spacing={3}>
            <WalletView wallet={wallet} own={wallet} />
            {can.childWallets && <ChildWallets own={wallet} />}
          </Stack>
        ) : (
          <Alert severity="info">{t('summary.none')}</Alert>
        )
      }
    </RecordLoader>
  );
}
