import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import CallReceivedOutlined from '@mui/icons-material/CallReceivedOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '@/lib/auth';
import { useCan } from '@/lib/authorization';
import { AdjustDialog } from './adjust-dialog';
import { MoneyDialog } from './money-dialog';
import { TransferDialog } from './transfer-dialog';

/** A money action on a wallet: the staff's three, and an organisation's two with its children's wallets. */
export type TWalletAction = 'send' | 'debit' | 'adjust' | TTransferAction;
export type TTransferAction = 'give' | 'takeBack';

export const WALLET_ACTION_ICONS: Record<TWalletAction | 'view', ReactNode> = {
  send: <AddCircleOutlineOutlined fontSize="small" />,
  debit: <RemoveCircleOutlineOutlined fontSize="small" />,
  adjust: <TuneOutlined fontSize="small" />,
  give: <CallMadeOutlined fontSize="small" />,
  takeBack: <CallReceivedOutlined fontSize="small" />,
  view: <VisibilityOutlined fontSize="small" />,
};

/**
 * Which money actions the signed-in user may start (the server checks again): Send Money, Debit Money and Adjust
 * Wallet are staff's; an organisation transfers to its children with Send Money and takes back with Debit Money.
 */
export function useWalletPermissions() {
  const { user } = useSignedIn();
  const staff = user.organization === null;
  const sendMoney = useCan('wallet', 'sendMoney');
  const debitMoney = useCan('wallet', 'debitMoney');
  const adjustWallet = useCan('wallet', 'adjustWallet');
  const viewDetails = useCan('wallet', 'viewDetails');
  const childWallets = useCan('wallet', 'childWallets');
  return {
    staff,
    ownOrganizationId: user.organization?.id ?? null,
    send: staff && sendMoney,
    debit: staff && debitMoney,
    adjust: staff && adjustWallet,
    give: !staff && childWallets && sendMoney,
    takeBack: !staff && childWallets && debitMoney,
    viewDetails,
    childWallets: !staff && childWallets,
  };
}

/** The open money dialog, if any: which action on which wallet (`own` is the organisation's wallet, for transfers). */
export type TOpenAction = { action: TWalletAction; wallet: TWallet; own?: TWallet } | null;

/** The dialog of a money action. */
export function WalletActionDialog({ open, onClose }: { open: TOpenAction; onClose: () => void }) {
  if (!open) return null;
  const { action, wallet, own } = open;
  if (action === 'send' || action === 'debit') return <MoneyDialog wallet={wallet} kind={action} onClose={onClose} />;
  if (action === 'adjust') return <AdjustDialog wallet={wallet} onClose={onClose} />;
  return own ? <TransferDialog own={own} child={wallet} direction={action} onClose={onClose} /> : null;
}

/** The words of a money action's button: its label and its name for one wallet. */
export function useWalletActionWords() {
  const { t } = useTranslation('wallet');
  return useMemo(
    () => ({
      label: (action: TWalletAction | 'view') => t(`actions.${action}`),
      name: (action: TWalletAction | 'view', name: string) => t(`actions.${action}Named`, { name }),
    }),
    [t],
  );
}
