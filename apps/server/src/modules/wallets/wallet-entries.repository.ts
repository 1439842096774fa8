import type { TAccountKind, TLedgerType, TTransactionReportQuery, TTransactionReportRow } from '@tarang/shared/wallets/wallet.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import type { TTenantScope } from '../../http/request-context';
import { integerCursor, readKeysetPage, type TKeysetList, type TKeysetMeta, withinDates } from '../../lib/list-query';
import { assertOrganizationInScope, inScope, pathInScope } from '../../lib/tenancy';
import { walletNotFound } from './ledger';

/**
 * Wallet entries: the postings of WALLET accounts, each from its wallet's side, newest first. One read serves a
 * wallet's statement (GET /wallet/{id}/transactions: `accountId`) and the transactions report (GET
 * /report/transactions and its exports: the caller's whole subtree, or one organisation or wallet of it).
 *
 * Speed over millions of postings: a page is `limit + 1` postings read on the index that fits the filter — (account_id,
 * id) for a wallet, (organization_id, id) for an organisation, the primary key otherwise — before anything is joined;
 * the transaction, the organisation and the counterparty are then looked up for those rows only.
 */

export type TWalletEntriesRead = TTransactionReportQuery & {
  /** One wallet's statement: its id (checked like `walletId`). */
  accountId?: string;
};

export type TWalletEntriesPage = { rows: TTransactionReportRow[]; meta: TKeysetMeta };

/** What the counterparty of a provider account is called. */
export const PROVIDER_LABELS: Readonly<Record<Exclude<TAccountKind, 'WALLET'>, string>> = {
  PROVIDER_REVENUE: 'Provider revenue',
  PROVIDER_FUNDING: 'Provider funding',
  GATEWAY_CLEARING: 'Payment gateway',
  ADJUSTMENTS: 'Adjustments',
};

type TEntryRow = {
  id: string;
  transaction_id: string;
  account_id: string;
  organization_id: string;
  type: TLedgerType;
  amount: string;
  balance_after: string;
  created_at: Date;
  reason: string | null;
  reference: string | null;
  actor_type: string;
  actor_id: string | null;
  actor_label: string | null;
  trade_name: string;
  cp_account_id: string | null;
  cp_kind: TAccountKind | null;
  cp_organization_id: string | null;
  cp_trade_name: string | null;
  cp_path: string | null;
};

/** Newest first on the posting's id (a bigserial), written as its digits in the cursor. */
const newestEntries: TKeysetList<TEntryRow, [number]> = {
  columns: [sql`p.id`],
  descending: true,
  cursor: integerCursor,
  positionOf: (row) => [Number(row.id)],
};

/** A wallet named by a filter must exist and be inside the caller's subtree; otherwise 404, as if it did not exist. */
async function assertWalletInScope(db: TExecutor, scope: TTenantScope, walletId: string): Promise<void> {
  const { rows } = await db.execute<{ path: string }>(sql`
    SELECT o.path FROM ledger_accounts a JOIN organizations o ON o.id = a.organization_id
    WHERE a.id = ${walletId} AND a.kind = 'WALLET'`);
  if (!rows[0] || !pathInScope(scope, rows[0].path)) throw walletNotFound();
}

/**
 * The entries `query` asks for, one keyset page. Filters: `accountId`/`walletId` (a wallet), `organizationId` (exactly
 * that organisation's wallet), `type`, and `from`/`to` on when it was posted (a date is a whole day in India). A
 * wallet or organisation outside the caller's subtree is a 404.
 *
 * Each entry's counterparty is, among the other postings of its transaction, the one of opposite sign with the largest
 * amount: a wallet (named by its organisation; its ids only when inside the caller's subtree) or a provider account.
 */
export async function readWalletEntries(db: TExecutor, scope: TTenantScope, query: TWalletEntriesRead): Promise<TWalletEntriesPage> {
  const wallets = [...new Set([query.accountId, query.walletId].filter((id): id is string => Boolean(id)))];
  for (const id of wallets) await assertWalletInScope(db, scope, id);
  if (query.organizationId) await assertOrganizationInScope(db, scope, query.organizationId);

  const conditions: (SQL | undefined)[] = [
    // Only a wallet's postings carry an organisation; the provider's accounts have none.
    sql`p.organization_id IS NOT NULL`,
    inScope(scope, sql`p.organization_id`),
    ...wallets.map((id) => sql`p.account_id = ${id}`),
    query.organizationId ? sql`p.organization_id = ${query.organizationId}` : undefined,
    query.type ? sql`p.type = ${query.type}` : undefined,
    ...withinDates(sql`p.created_at`, query.from, query.to),
  ];

  const page = await readKeysetPage(newestEntries, query, async ({ after, orderBy, limit }) => {
    const where = sql.join(
      [...conditions, after].filter((c): c is SQL => c !== undefined),
      sql` AND `,
    );
    // The page's postings first (LIMIT inside: nothing else is read for rows that are not on the page).
    const { rows } = await db.execute<TEntryRow>(sql`
      WITH page AS (
        SELECT p.id, p.transaction_id, p.account_id, p.organization_id, p.type, p.amount, p.balance_after, p.created_at
        FROM ledger_postings p
        WHERE ${where}
        ORDER BY ${orderBy}
        LIMIT ${limit}
      )
      SELECT p.id::text AS id, p.transaction_id, p.account_id, p.organization_id, p.type, p.amount, p.balance_after, p.created_at,
        t.reason, t.reference, t.actor_type, t.actor_id, t.actor_label, o.trade_name,
        cp.account_id AS cp_account_id, cp.kind AS cp_kind, cp.organization_id AS cp_organization_id,
        co.trade_name AS cp_trade_name, co.path AS cp_path
      FROM page p
      JOIN ledger_transactions t ON t.id = p.transaction_id
      JOIN organizations o ON o.id = p.organization_id
      LEFT JOIN LATERAL (
        SELECT q.account_id, a.kind, q.organization_id
        FROM ledger_postings q JOIN ledger_accounts a ON a.id = q.account_id
        WHERE q.transaction_id = p.transaction_id AND q.id <> p.id AND (q.amount > 0) <> (p.amount > 0)
        ORDER BY abs(q.amount) DESC, q.id
        LIMIT 1
      ) cp ON true
      LEFT JOIN organizations co ON co.id = cp.organization_id
      ORDER BY ${orderBy}`);
    return rows;
  });
  return { rows: page.rows.map((row) => toEntry(row, scope)), meta: page.meta };
}

function counterpartyOf(row: TEntryRow, scope: TTenantScope): TTransactionReportRow['counterparty'] {
  if (!row.cp_account_id || !row.cp_kind) return null;
  if (row.cp_kind === 'WALLET') {
    // A wallet outside the caller's subtree (a parent paying its child) is named, but its ids stay unknown.
    const visible = row.cp_path !== null && pathInScope(scope, row.cp_path);
    return {
      kind: 'WALLET',
      walletId: visible ? row.cp_account_id : null,
      organizationId: visible ? row.cp_organization_id : null,
      label: row.cp_trade_name ?? '',
    };
  }
  return { kind: row.cp_kind, walletId: null, organizationId: null, label: PROVIDER_LABELS[row.cp_kind] };
}

function toEntry(row: TEntryRow, scope: TTenantScope): TTransactionReportRow {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    walletId: row.account_id,
    organization: { id: row.organization_id, tradeName: row.trade_name },
    type: row.type,
    amount: Number(row.amount),
    balanceAfter: Number(row.balance_after),
    counterparty: counterpartyOf(row, scope),
    reference: row.reference,
    reason: row.reason,
    createdBy: row.actor_type === 'SYSTEM' ? null : { id: row.actor_id, label: row.actor_label ?? '' },
    createdAt: new Date(row.created_at).toISOString(),
  };
}
