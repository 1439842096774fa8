import Chip from '@mui/material/Chip';
import { formatPaise } from '@tarang/shared/format/money';
import type { THold } from '@tarang/shared/wallets/wallet.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { ListScreen } from '@/components/list-screen/list-screen';
import { RowLink } from '@/components/list-screen/row-link';
import { useListController } from '@/components/list-screen/use-list-controller';
import { formatDateTime } from '@/lib/date';
import { useWalletHolds } from '../api/get-wallet-holds';
import { useWalletMessages } from '../utils/messages';

const STATUS_COLOR = { HELD: 'warning', CAPTURED: 'success', RELEASED: 'default' } as const;

/**
 * The money held on a wallet (GET /wallet/{id}/blocked), newest first: the activation it is for, the amount held,
 * what was captured and released of it, and its status.
 */
export function WalletHolds({ walletId }: { walletId: string }) {
  const { t } = useTranslation('wallet');
  const { failure } = useWalletMessages();
  const list = useListController({ paging: 'cursor', syncWithLocation: false });
  const query = useWalletHolds(walletId, list.cursorParams);

  const columns = useMemo(
    (): TListColumn<THold>[] => [
      {
        field: 'activationId',
        header: t('holds.activation'),
        flex: 1,
        minWidth: 200,
        mono: true,
        render: (row) =>
          row.activationId ? (
            <RowLink
              to={`/activation/${encodeURIComponent(row.activationId)}`}
              aria-label={t('holds.openActivation', { id: row.activationId })}
            >
              {row.activationId}
            </RowLink>
          ) : (
            '—'
          ),
      },
      { field: 'amount', header: t('holds.amount'), width: 140, align: 'right', value: (row) => formatPaise(row.amount) },
      { field: 'captured', header: t('holds.captured'), width: 140, align: 'right', value: (row) => formatPaise(row.captured) },
      { field: 'released', header: t('holds.released'), width: 140, align: 'right', value: (row) => formatPaise(row.released) },
      {
        field: 'status',
        header: t('holds.status'),
        width: 130,
        render: (row) => <Chip size="small" variant="outlined" color={STATUS_COLOR[row.status]} label={t(`holdStatus.${row.status}`)} />,
      },
      { field: 'createdAt', header: t('holds.createdAt'), width: 172, value: (row) => formatDateTime(row.createdAt) },
    ],
    [t],
  );

  return (
    <ListScreen
      resource="wallet"
      id="wallet-holds"
      label={t('holds.label')}
      list={list}
      query={query}
      columns={columns}
      noRows={t('holds.noRows')}
      failure={failure}
    />
  );
}
