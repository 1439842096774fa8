import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { TRowAction } from '@/components/list-screen/row-actions';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useCan } from '@/lib/authorization';
import { useWallets } from '../api/get-wallets';
import { useWalletMessages } from '../utils/messages';
import { walletName } from '../utils/wallet-name';
import {
  type TOpenAction,
  type TWalletAction,
  useWalletActionWords,
  useWalletPermissions,
  WALLET_ACTION_ICONS,
  WalletActionDialog,
} from './wallet-actions';
import { useWalletColumns, walletHref } from './wallet-columns';

const SORTABLE = ['tradeName', 'available', 'balance', 'blocked', 'updatedAt'];

/**
 * Every organisation's wallet (spec §2 all-wallet, staff): server-side pages, sorting, search by organisation and an
 * organisation filter; Send Money, Debit Money and Adjust Wallet in dialogs, and View details.
 */
export function WalletsTable() {
  const { t } = useTranslation('wallet');
  const { failure } = useWalletMessages();
  const can = useWalletPermissions();
  const words = useWalletActionWords();
  const canSeeOrganizations = useCan('organisation');
  const [open, setOpen] = useState<TOpenAction>(null);

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'text', key: 'search', search: true, grow: true, label: t('list.search'), placeholder: t('list.searchPlaceholder') },
      { kind: 'organization', key: 'organizationId', label: t('list.organizationFilter'), hidden: !canSeeOrganizations },
    ],
    [t, canSeeOrganizations],
  );
  const list = useListController({ paging: 'pages', defaultSort: 'tradeName', sortable: SORTABLE, filters });
  const query = useWallets({ ...list.pageParams, search: list.filter.search, organizationId: list.filter.organizationId });
  const columns = useWalletColumns({ linked: can.viewDetails });

  const actions = useMemo((): TRowAction<TWallet>[] => {
    const money = (action: TWalletAction, allowed: boolean, color?: 'warning'): TRowAction<TWallet> => ({
      key: action,
      label: words.label(action),
      name: (row) => words.name(action, walletName(row)),
      icon: WALLET_ACTION_ICONS[action],
      color,
      permission: allowed,
      run: (row) => setOpen({ action, wallet: row }),
    });
    return [
      money('send', can.send),
      money('debit', can.debit, 'warning'),
      money('adjust', can.adjust),
      {
        key: 'view',
        label: words.label('view'),
        name: (row) => words.name('view', walletName(row)),
        icon: WALLET_ACTION_ICONS.view,
        permission: can.viewDetails,
        href: (row) => walletHref(row.id),
      },
    ];
  }, [words, can.send, can.debit, can.adjust, can.viewDetails]);

  return (
    <ListScreen
      resource="wallet"
      id="wallets"
      label={t('list.label')}
      list={list}
      query={query}
      columns={columns}
      actions={actions}
      noRows={t('list.noRows')}
      failure={failure}
    >
      <WalletActionDialog open={open} onClose={() => setOpen(null)} />
    </ListScreen>
  );
}
