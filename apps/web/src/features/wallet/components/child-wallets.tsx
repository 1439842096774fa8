import Chip from '@mui/material/Chip';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '@/api/get-organization-options';
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
  type TTransferAction,
  useWalletActionWords,
  useWalletPermissions,
  WALLET_ACTION_ICONS,
  WalletActionDialog,
} from './wallet-actions';
import { useWalletColumns, walletHref } from './wallet-columns';

const SORTABLE = ['tradeName', 'available', 'balance', 'blocked', 'updatedAt'];

/**
 * The wallets below the signed-in organisation (Child Wallets): organisation, available, balance, blocked; Transfer
 * money to a child and Take back from it, each in a dialog. A transfer goes between an organisation and its direct
 * children only: where the role may read the organisations, the actions show on those rows only; otherwise the
 * server says so.
 */
export function ChildWallets({ own }: { own: TWallet }) {
  const { t } = useTranslation('wallet');
  const { failure } = useWalletMessages();
  const can = useWalletPermissions();
  const words = useWalletActionWords();
  const [open, setOpen] = useState<TOpenAction>(null);
  const organizations = useOrganizationOptions(useCan('organisation'));
  const children = useMemo(
    () => (organizations.data ? new Set(organizations.data.filter((o) => o.parentId === own.organizationId).map((o) => o.id)) : null),
    [organizations.data, own.organizationId],
  );
  const isChild = useCallback(
    (row: TWallet) => row.id !== own.id && (children === null || children.has(row.organizationId)),
    [own.id, children],
  );

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'text', key: 'search', search: true, grow: true, label: t('list.search'), placeholder: t('list.searchPlaceholder') },
    ],
    [t],
  );
  const list = useListController({ paging: 'pages', defaultSort: 'tradeName', sortable: SORTABLE, filters, syncWithLocation: false });
  const query = useWallets({ ...list.pageParams, search: list.filter.search });
  const mark = useCallback(
    (row: TWallet) => (row.id === own.id ? <Chip size="small" variant="outlined" label={t('children.own')} /> : null),
    [own.id, t],
  );
  const columns = useWalletColumns({ linked: can.viewDetails, mark });

  const actions = useMemo((): TRowAction<TWallet>[] => {
    const transfer = (action: TTransferAction, allowed: boolean, color?: 'warning'): TRowAction<TWallet> => ({
      key: action,
      label: words.label(action),
      name: (row) => words.name(action, walletName(row)),
      icon: WALLET_ACTION_ICONS[action],
      color,
      permission: allowed,
      visible: isChild,
      run: (row) => setOpen({ action, wallet: row, own }),
    });
    return [
      transfer('give', can.give),
      transfer('takeBack', can.takeBack, 'warning'),
      {
        key: 'view',
        label: words.label('view'),
        name: (row) => words.name('view', walletName(row)),
        icon: WALLET_ACTION_ICONS.view,
        permission: can.viewDetails,
        visible: (row) => row.id !== own.id,
        href: (row) => walletHref(row.id),
      },
    ];
  }, [words, can.give, can.takeBack, can.viewDetails, isChild, own]);

  return (
    <ListScreen
      resource="wallet"
      id="child-wallets"
      title={t('children.title')}
      label={t('children.title')}
      list={list}
      query={query}
      columns={columns}
      actions={actions}
      noRows={t('children.noRows')}
      failure={failure}
    >
      <WalletActionDialog open={open} onClose={() => setOpen(null)} />
    </ListScreen>
  );
}
