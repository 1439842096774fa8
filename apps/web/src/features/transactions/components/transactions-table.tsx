import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPaise } from '@tarang/shared/format/money';
import { LEDGER_TYPES, type TLedgerType, type TTransactionReportRow } from '@tarang/shared/wallets/wallet.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '@/components/list-screen/columns';
import { ExportButton } from '@/components/list-screen/export-button';
import { activeFilters, type TFilter } from '@/components/list-screen/filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { useListController } from '@/components/list-screen/use-list-controller';
import { useCan } from '@/lib/authorization';
import { formatDateTime } from '@/lib/date';
import { exportTransactions } from '../api/export-transactions';
import { type TTransactionFilter, useTransactions } from '../api/get-transactions';
import { useTransactionMessages } from '../utils/messages';
import { formatSignedPaise } from '../utils/signed-paise';

const WALLET_ID = /^[0-9a-f]{24}$/;

/** An entry's amount: green into the wallet, red out of it, its sign written out (colour is never the only cue). */
function SignedAmount({ paise }: { paise: number }) {
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
 * The transactions report (spec §2 /report/transactions): every wallet entry in the caller's subtree, newest first in
 * keyset pages — when (India time), whose wallet, what kind, the amount signed and coloured, the balance after, the other
 * side, the reference and reason, and who — filtered by organisation, type and days, and exported whole as CSV or XLSX.
 */
export function TransactionsTable() {
  const { t } = useTranslation('transactions');
  const { failure } = useTransactionMessages();
  const canSeeOrganizations = useCan('organisation');

  const filters = useMemo(
    (): TFilter[] => [
      { kind: 'organization', key: 'organizationId', label: t('list.organization'), hidden: !canSeeOrganizations, width: 220 },
      {
        kind: 'select',
        key: 'type',
        label: t('list.type'),
        anyLabel: t('list.anyType'),
        options: LEDGER_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) })),
        width: 170,
      },
      { kind: 'day', key: 'from', label: t('list.from') },
      { kind: 'day', key: 'to', label: t('list.to') },
      // One wallet's entries, from a link (the wallet screens); not offered as a control.
      { kind: 'text', key: 'walletId', label: t('list.wallet'), hidden: true, validate: (v) => (WALLET_ID.test(v) ? null : 'id') },
    ],
    [t, canSeeOrganizations],
  );
  const list = useListController({ paging: 'cursor', filters });
  const filter = useMemo((): TTransactionFilter => {
    const { organizationId, walletId, type, from, to } = list.filter;
    return { organizationId, walletId, type: type as TLedgerType | undefined, from, to };
  }, [list.filter]);
  const query = useTransactions({ ...filter, ...list.cursorParams });
  const filtered = activeFilters(filters, list.filter) > 0;

  const columns = useMemo(
    (): TListColumn<TTransactionReportRow>[] => [
      { field: 'createdAt', header: t('fields.date'), width: 172, value: (row) => formatDateTime(row.createdAt) },
      { field: 'organization', header: t('fields.organization'), flex: 1, minWidth: 170, value: (row) => row.organization.tradeName },
      { field: 'type', header: t('fields.type'), width: 130, value: (row) => t(`types.${row.type}`, { defaultValue: row.type }) },
      { field: 'amount', header: t('fields.amount'), width: 150, align: 'right', render: (row) => <SignedAmount paise={row.amount} /> },
      {
        field: 'balanceAfter',
        header: t('fields.balanceAfter'),
        width: 150,
        align: 'right',
        value: (row) => formatPaise(row.balanceAfter),
      },
      {
        field: 'counterparty',
        header: t('fields.counterparty'),
        flex: 1,
        minWidth: 160,
        value: (row) => {
          const other = row.counterparty;
          if (!other) return '—';
          return other.kind === 'WALLET' ? other.label : t(`accounts.${other.kind}`, { defaultValue: other.label });
        },
      },
      {
        field: 'reference',
        header: t('fields.reference'),
        width: 170,
        render: (row) => (
          <Box
            component="span"
            title={row.reference ?? undefined}
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {row.reference ?? '—'}
          </Box>
        ),
      },
      {
        field: 'reason',
        header: t('fields.reason'),
        flex: 1.2,
        minWidth: 180,
        render: (row) => (
          <Box component="span" title={row.reason ?? undefined} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {row.reason ?? '—'}
          </Box>
        ),
      },
      { field: 'createdBy', header: t('fields.by'), flex: 0.8, minWidth: 140, value: (row) => row.createdBy?.label ?? t('list.system') },
    ],
    [t],
  );

  return (
    <ListScreen
      resource="transactions"
      list={list}
      query={query}
      columns={columns}
      noRows={filtered ? t('grid.noMatches') : t('grid.noRows')}
      failure={failure}
      tools={<ExportButton onExport={(format) => exportTransactions(filter, format)} failure={failure} />}
      data-testid="transactions"
    />
  );
}
