import { newId } from '@tarang/shared/common/ids';
import type { TLedgerType } from '@tarang/shared/wallets/wallet.schemas';
import type { TTestApp } from '../../../test/test-app';
import type { TProviderAccount } from './ledger';

/**
 * Ledger entries for tests of the reads, written with SQL as the ledger writes them: one ledger transaction and its
 * postings in one database transaction (the database checks they sum to zero at commit), each wallet's balance moved
 * by as much and its posting holding the balance after.
 */

/** A line of a movement: an organisation's wallet (`org`) or a provider account (`provider`), and signed paise. */
export type TTestLine = ({ org: string } | { provider: TProviderAccount }) & { amount: number };

export type TTestMovement = {
  type: TLedgerType;
  lines: TTestLine[];
  reason?: string | null;
  reference?: string | null;
  /** Who made it; none is the system. */
  actor?: { id: string; label: string } | null;
  /** When it was posted (now unless given). */
  at?: Date;
};

export type TTestPosted = { transactionId: string; postingIds: string[] };

export async function walletIdOfOrg(t: TTestApp, organizationId: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE organization_id = $1', [
    organizationId,
  ]);
  if (!rows[0]) throw new Error(`No wallet for organisation ${organizationId}`);
  return rows[0].id;
}

export async function providerAccountId(t: TTestApp, kind: TProviderAccount): Promise<string> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    'SELECT id FROM ledger_accounts WHERE kind = $1 AND organization_id IS NULL',
    [kind],
  );
  if (!rows[0]) throw new Error(`No provider account ${kind}`);
  return rows[0].id;
}

/** Writes one movement; answers its transaction id and its postings' ids in the order of `lines`. */
export async function postTestMovement(t: TTestApp, movement: TTestMovement): Promise<TTestPosted> {
  const accounts = await Promise.all(
    movement.lines.map(async (line) =>
      'org' in line
        ? { id: await walletIdOfOrg(t, line.org), organizationId: line.org }
        : { id: await providerAccountId(t, line.provider), organizationId: null },
    ),
  );
  const at = movement.at ?? new Date();
  const transactionId = newId();
  const client = await t.database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO ledger_transactions (id, type, reason, reference, actor_type, actor_id, actor_label, request_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8)`,
      [
        transactionId,
        movement.type,
        movement.reason ?? null,
        movement.reference ?? null,
        movement.actor ? 'USER' : 'SYSTEM',
        movement.actor?.id ?? null,
        movement.actor?.label ?? null,
        at,
      ],
    );
    const postingIds: string[] = [];
    for (const [i, line] of movement.lines.entries()) {
      const account = accounts[i]!;
      let balanceAfter: string | null = null;
      if (account.organizationId) {
        const { rows } = await client.query<{ balance: string }>(
          'UPDATE ledger_accounts SET balance = balance + $2, updated_at = now() WHERE id = $1 RETURNING balance',
          [account.id, line.amount],
        );
        balanceAfter = rows[0]!.balance;
      }
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO ledger_postings (transaction_id, account_id, organization_id, type, amount, balance_after, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
        [transactionId, account.id, account.organizationId, movement.type, line.amount, balanceAfter, at],
      );
      postingIds.push(rows[0]!.id);
    }
    await client.query('COMMIT');
    return { transactionId, postingIds };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** Money into an organisation's wallet from the provider (Send Money). */
export const fundWallet = (t: TTestApp, org: string, amount: number, extra: Partial<TTestMovement> = {}) =>
  postTestMovement(t, {
    type: 'ADD',
    reason: 'Opening balance',
    ...extra,
    lines: [
      { org, amount },
      { provider: 'PROVIDER_FUNDING', amount: -amount },
    ],
  });

/**
 * `count` Send Money movements of `amount` each into one wallet, one second apart ending now, written by set-based SQL
 * in one database transaction (for lists and exports longer than a page).
 */
export async function fundManyTimes(t: TTestApp, org: string, count: number, amount: number): Promise<void> {
  const wallet = await walletIdOfOrg(t, org);
  const funding = await providerAccountId(t, 'PROVIDER_FUNDING');
  const client = await t.database.pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ balance: string }>('SELECT balance FROM ledger_accounts WHERE id = $1 FOR UPDATE', [wallet]);
    const start = Number(rows[0]!.balance);
    await client.query(
      `CREATE TEMP TABLE bulk_moves ON COMMIT DROP AS
         SELECT n, substr(md5(random()::text || n), 1, 24) AS id, now() - make_interval(secs => $1 - n) AS at
         FROM generate_series(1, $1::int) AS n`,
      [count],
    );
    await client.query(
      `INSERT INTO ledger_transactions (id, type, reason, actor_type, created_at)
       SELECT id, 'ADD', 'Bulk top-up ' || n, 'SYSTEM', at FROM bulk_moves`,
    );
    await client.query(
      `INSERT INTO ledger_postings (transaction_id, account_id, organization_id, type, amount, balance_after, created_at)
       SELECT id, $1, $2, 'ADD', $3::bigint, $4::bigint + n * $3::bigint, at FROM bulk_moves
       UNION ALL SELECT id, $5, NULL, 'ADD', -$3::bigint, NULL, at FROM bulk_moves
       ORDER BY 7, 5 DESC`,
      [wallet, org, amount, start, funding],
    );
    await client.query('UPDATE ledger_accounts SET balance = balance + $2::bigint, updated_at = now() WHERE id = $1', [
      wallet,
      count * amount,
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
