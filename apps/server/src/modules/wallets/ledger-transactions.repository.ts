import type { TLedgerTransaction } from '@tarang/shared/wallets/wallet.schemas';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { AppError } from '../../http/app-error';

type TTransactionRow = {
  id: string;
  type: TLedgerTransaction['type'];
  reason: string | null;
  reference: string | null;
  actor_id: string | null;
  actor_label: string | null;
  actor_type: string;
  created_at: Date;
};

type TPostingRow = {
  account_id: string;
  kind: TLedgerTransaction['postings'][number]['kind'];
  organization_id: string | null;
  amount: string;
  balance_after: string | null;
};

/** One ledger transaction with its postings, as a money call answers it. */
export async function readTransaction(db: TExecutor, id: string): Promise<TLedgerTransaction> {
  const { rows } = await db.execute<TTransactionRow>(sql`
    SELECT id, type, reason, reference, actor_id, actor_label, actor_type, created_at FROM ledger_transactions WHERE id = ${id}`);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Transaction not found');
  const { rows: postings } = await db.execute<TPostingRow>(sql`
    SELECT p.account_id, a.kind, p.organization_id, p.amount, p.balance_after
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.transaction_id = ${id} ORDER BY p.id`);
  return toLedgerTransaction(
    row,
    postings.map((p) => ({
      kind: p.kind,
      accountId: p.account_id,
      organizationId: p.organization_id,
      amount: Number(p.amount),
      balanceAfter: p.balance_after === null ? null : Number(p.balance_after),
    })),
  );
}

/** A ledger transaction as a money call answers it, from its row and its postings in the order they were written. */
export function toLedgerTransaction(
  row: Omit<TTransactionRow, 'created_at'> & { created_at: Date | string },
  postings: {
    kind: TLedgerTransaction['postings'][number]['kind'];
    accountId: string;
    organizationId: string | null;
    amount: number;
    balanceAfter: number | null;
  }[],
): TLedgerTransaction {
  const lines = postings.map((p) => ({
    kind: p.kind,
    walletId: p.kind === 'WALLET' ? p.accountId : null,
    organizationId: p.organizationId,
    amount: p.amount,
    balanceAfter: p.balanceAfter,
  }));
  return {
    id: row.id,
    type: row.type,
    amount: lines.reduce((sum, l) => (l.amount > 0 ? sum + l.amount : sum), 0),
    reason: row.reason,
    reference: row.reference,
    postings: lines,
    createdBy: row.actor_type === 'SYSTEM' ? null : { id: row.actor_id, label: row.actor_label ?? '' },
    createdAt: new Date(row.created_at).toISOString(),
  };
}
