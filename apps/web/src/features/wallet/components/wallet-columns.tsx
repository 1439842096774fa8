import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { formatPaise } from '@tarang/shared/format/money';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { NameCell } from '@/components/list-screen/name-cell';
import { RowLink } from '@/components/list-screen/row-link';
import { formatDateTime } from '@/lib/date';
import { isLowBalance } from '../utils/wallet-money';
import { walletName } from '../utils/wallet-name';

export const walletHref = (id: string) => `/wallet/${encodeURIComponent(id)}`;

/** The available money of a list's row: bold, in the warning colour with a mark under the low-balance threshold. */
function AvailableCell({ wallet, t }: { wallet: TWallet; t: TFunction }) {
  const low = isLowBalance(wallet);
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700, color: low ? 'warning.main' : undefined }}
    >
      {low && (
        <Tooltip title={t('summary.low')}>
          <WarningAmberOutlined fontSize="small" aria-label={t('summary.low')} role="img" />
        </Tooltip>
      )}
      {formatPaise(wallet.available)}
    </Box>
  );
}

/**
 * The columns of a list of wallets: the organisation (a link to the wallet's screen for roles with View Details),
 * available, balance, blocked, the low-balance threshold and when it last changed. `mark` adds a chip after a name
 * (the signed-in organisation's own wallet).
 */
export function useWalletColumns({ linked, mark }: { linked: boolean; mark?: (wallet: TWallet) => ReactNode }) {
  const { t } = useTranslation('wallet');
  return useMemo(
    (): TListColumn<TWallet>[] => [
      {
        field: 'tradeName',
        header: t('fields.organization'),
        sort: 'tradeName',
        flex: 1.3,
        minWidth: 220,
        render: (row) => {
          const name = walletName(row);
          if (!linked) return <NameCell name={name} end={mark?.(row)} />;
          return (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <RowLink to={walletHref(row.id)} aria-label={t('list.open', { name })}>
                {name}
              </RowLink>
              {mark?.(row)}
            </Stack>
          );
        },
      },
      {
        field: 'available',
        header: t('fields.available'),
        sort: 'available',
        width: 170,
        align: 'right',
        render: (row) => <AvailableCell wallet={row} t={t} />,
      },
      {
        field: 'balance',
        header: t('fields.balance'),
        sort: 'balance',
        width: 160,
        align: 'right',
        value: (row) => formatPaise(row.balance),
      },
      {
        field: 'blocked',
        header: t('fields.blocked'),
        sort: 'blocked',
        width: 150,
        align: 'right',
        value: (row) => formatPaise(row.blocked),
      },
      {
        field: 'lowBalanceThreshold',
        header: t('fields.lowBalanceThreshold'),
        width: 170,
        align: 'right',
        hidden: true,
        value: (row) => (row.lowBalanceThreshold === null ? '—' : formatPaise(row.lowBalanceThreshold)),
      },
      { field: 'updatedAt', header: t('fields.updatedAt'), sort: 'updatedAt', width: 172, value: (row) => formatDateTime(row.updatedAt) },
    ],
    [t, linked, mark],
  );
}
