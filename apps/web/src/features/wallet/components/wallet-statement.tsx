import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPaise } from '@tarang/shared/format/money';
import { LEDGER_TYPES, type TLedgerType, type TWalletEntry } from '@tarang/shared/wallets/wallet.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { activeFilters, type TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { useListController } from '@/components/list-screen/use-list-controller';
import { formatDateTime } from '@/lib/date';
import { useWalletEntries } from '../api/get-wallet-entries';
import { useWalletMessages } from '../utils/messages';
import { formatSignedPaise } from '../utils/wallet-money';

/** A statement's signed amount: green into the wallet, red out of it, with its sign written out. */
export function SignedAmount({ paise }: { paise: number }) {
  return (
    <Typography
      component="span"
      variant="body2"
      data-sign={paise > 0 ? 'credit' : paise < 0 ? 'debit' : undefined}
      sx={{ fontWeight: 600, color: paise > 0 ? 'success.main' : paise < 0 ? 'error.main' : undefined, whiteSpace: 'nowrap' }}
    >
      {formatSignedPaise(paise)}
    </Typography>
  );
}

/**
 * A wallet's statement (GET /wallet/{id}/transactions): newest first in keyset pages, each line from the wallet's side
 * — when, what kind, the amount signed and coloured, the balance after it, the other side, why, and who.
 */
export function WalletStatement({ walletId }: { walletId: string }) {
  const { t } = useTranslation('wallet');
  const { failure } = useWalletMessages();
  const filters = useMemo(
    (): TFilter[] => [
      {
        kind: 'select',
        key: 'type',
        label: t('statement.type'),
        anyLabel: t('statement.anyType'),
        options: LEDGER_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) })),
        width: 170,
      },
      { kind: 'day', key: 'from', label: t('statement.from') },
      { kind: 'day', key: 'to', label: t('statement.to') },
    ],
    [t],
  );
  const list = useListController({ paging: 'cursor', filters, syncWithLocation: false });
  const { type, from, to } = list.filter;
  const query = useWalletEntries(walletId, { type: type as TLedgerType | undefined, from, to, ...list.cursorParams });
  const filtered = activeFilters(filters, list.filter) > 0;

  const columns = useMemo(
    (): TListColumn<TWalletEntry>[] => [
      { field: 'createdAt', header: t('statement.date'), width: 172, value: (row) => formatDateTime(row.createdAt) },
      { field: 'type', header: t('statement.type'), width: 130, value: (row) => t(`types.${row.type}`, { defaultValue: row.type }) },
      { field: 'amount', header: t('statement.amount'), width: 150, align: 'right', render: (row) => <SignedAmount paise={row.amount} /> },
      {
        field: 'balanceAfter',
        header: t('statement.balanceAfter'),
        width: 150,
        align: 'right',
        value: (row) => formatPaise(row.balanceAfter),
      },
      {
        field: 'counterparty',
        header: t('statement.counterparty'),
        flex: 1,
        minWidth: 170,
        value: (row) => {
          const other = row.counterparty;
          if (!other) return '—';
          return other.kind === 'WALLET' ? other.label : t(`accounts.${other.kind}`, { defaultValue: other.label });
        },
      },
      {
        field: 'reason',
        header: t('statement.reason'),
        flex: 1.2,
        minWidth: 180,
        render: (row) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {row.reason ?? (row.reference ? '' : '—')}
            </Typography>
            {row.reference && (
              <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ fontFamily: 'ui-monospace, monospace' }}>
                {row.reference}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'createdBy',
        header: t('statement.by'),
        flex: 0.8,
        minWidth: 140,
        value: (row) => row.createdBy?.label ?? t('statement.system'),
      },
    ],
    [t],
  );

  return (
    <ListScreen
      resource="wallet"
      id="wallet-statement"
      label={t('statement.label')}
      list={list}
      query={query}
      columns={columns}
      noRows={filtered ? t('statement.noMatches') : t('statement.noRows')}
      failure={failure}
    />
  );
}
