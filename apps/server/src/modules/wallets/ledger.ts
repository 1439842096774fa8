import { createHash } from 'node:crypto';
import { newId } from '@tarang/shared/common/ids';
import { formatPaise } from '@tarang/shared/format/money';
import type { TAccountKind, TLedgerType } from '@tarang/shared/wallets/wallet.schemas';
import { PROVIDER_ACCOUNTS } from '@tarang/shared/wallets/wallet.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { TRequestContext } from '../../http/request-context';

/**
 * The ledger: every movement of money is one transaction of two or more postings that sum to zero (issue 14,
 * docs/decisions/025-money-ledger.md). This file is the only writer of postings and of a wallet's balance and
 * blocked. Callers run it inside their database transaction, with the audit event and the Idempotency-Key, so all of
 * it commits together or not at all.
 *
 * Concurrency: the wallets a movement touches are locked in id order (SELECT … ORDER BY id FOR UPDATE), so two
 * movements over the same wallets wait for each other and never deadlock, and movements over other wallets do not
 * wait at all. The provider's accounts keep no running balance and are never locked: no movement queues behind them.
 */

export type TProviderAccount = (typeof PROVIDER_ACCOUNTS)[number];

const hex24 = (text: string) => createHash('md5').update(text).digest('hex').slice(0, 24);

/** The provider's accounts have fixed ids (drizzle/0013_money_rules.sql makes them). */
export const PROVIDER_ACCOUNT_IDS: Readonly<Record<TProviderAccount, string>> = Object.fromEntries(
  PROVIDER_ACCOUNTS.map((kind) => [kind, hex24(kind)]),
) as Record<TProviderAccount, string>;

const PROVIDER_KIND_BY_ID = new Map<string, TProviderAccount>(PROVIDER_ACCOUNTS.map((kind) => [PROVIDER_ACCOUNT_IDS[kind], kind]));

/** An organisation's wallet id (the database opens it when the organisation is made, with the same rule). */
export function walletIdOf(organizationId: string): string {
  return hex24(`wallet:${organizationId}`);
}

export function providerKindOf(accountId: string): TProviderAccount | undefined {
  return PROVIDER_KIND_BY_ID.get(accountId);
}

export type TLine = { accountId: string; amount: number };

export type TMovement = {
  type: TLedgerType;
  lines: TLine[];
  reason?: string | null;
  reference?: string | null;
  /** The transaction's id, when the caller needs it before (an Idempotency-Key names it). */
  transactionId?: string;
  /** The request field a shortfall is reported on. */
  amountField?: string;
  /** Part of a wallet's debit paid from money held on it (a capture): its blocked goes down by as much. */
  fromBlocked?: { accountId: string; amount: number };
  /** The wallets of the lines, when the caller has locked them already (lockWallets, in this transaction). */
  locked?: Map<string, TLockedWallet>;
  /**
   * A data-modifying statement of the caller's (an INSERT, such as its audit events) written in the same statement as
   * the movement, given what the movement does: one round trip to the database instead of two.
   */
  alongside?: (movement: Pick<TPosted, 'transactionId' | 'type' | 'wallets'>) => SQL | null;
};

export type TWalletState = { id: string; organizationId: string; balance: number; blocked: number };

/** A wallet as lockWallets reads it: its state and what a money call needs of its organisation. */
export type TLockedWallet = TWalletState & { parentOrganizationId: string | null; tradeName: string; lowBalanceThreshold: number | null };

export type TPostedLine = {
  accountId: string;
  kind: TAccountKind;
  organizationId: string | null;
  amount: number;
  balanceAfter: number | null;
};

export type TPosted = {
  transactionId: string;
  type: TLedgerType;
  createdAt: Date;
  lines: TPostedLine[];
  /** Each wallet it touched, before and after. */
  wallets: { before: TLockedWallet; after: TLockedWallet }[];
};

/** available = balance − blocked; a shortfall is a 422 naming the amount, with both figures. */
export function shortfall(field: string, available: number, needed: number): AppError {
  const message = `Not enough money in the wallet: available ${formatPaise(available)}, needed ${formatPaise(needed)}`;
  return new AppError('UNPROCESSABLE', message, { errors: [{ path: field, message }] });
}

export const walletNotFound = () => new AppError('NOT_FOUND', 'Wallet not found');

type TLockedRow = {
  id: string;
  organization_id: string;
  balance: string;
  blocked: string;
  parent_id: string | null;
  trade_name: string;
  threshold: string | null;
};

/**
 * Locks the wallets, in id order, and reads them with what a money call needs of their organisations. With `reach`
 * (a condition on `ledger_accounts` and `organizations`), wallets outside it are neither locked nor read: a 404, like
 * missing ones.
 */
export async function lockWallets(tx: TExecutor, walletIds: string[], reach?: SQL): Promise<Map<string, TLockedWallet>> {
  const ids = [...new Set(walletIds)].sort();
  const { rows } = await tx.execute<TLockedRow>(sql`
    SELECT ledger_accounts.id, ledger_accounts.organization_id, ledger_accounts.balance, ledger_accounts.blocked,
      organizations.parent_id, organizations.trade_name, (organizations.settings ->> 'lowBalanceAlertPaise')::bigint AS threshold
    FROM ledger_accounts JOIN organizations ON organizations.id = ledger_accounts.organization_id
    WHERE ledger_accounts.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND ledger_accounts.kind = 'WALLET'${reach ? sql` AND ${reach}` : sql``}
    ORDER BY ledger_accounts.id FOR UPDATE OF ledger_accounts`);
  if (rows.length !== ids.length) throw walletNotFound();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        organizationId: r.organization_id,
        balance: Number(r.balance),
        blocked: Number(r.blocked),
        parentOrganizationId: r.parent_id,
        tradeName: r.trade_name,
        lowBalanceThreshold: r.threshold === null ? null : Number(r.threshold),
      },
    ]),
  );
}

function checkLines(lines: TLine[]): void {
  if (lines.length < 2) throw new Error('A ledger transaction needs two or more postings');
  let total = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) throw new Error(`A posting must be whole paise, not 0: ${line.amount}`);
    total += line.amount;
  }
  if (total !== 0) throw new Error(`Postings must sum to zero, not ${total}`);
}

/**
 * Writes one movement: locks the wallets it touches, refuses it if any would go below available 0 (422 naming the
 * amount), then writes the transaction, the postings with each wallet's balance after, and the new balances. The
 * database checks it again: postings sum to zero at commit, available never below 0, postings never change.
 */
export async function postMovement(tx: TExecutor, ctx: TRequestContext, movement: TMovement): Promise<TPosted> {
  checkLines(movement.lines);
  const walletIds = movement.lines.map((l) => l.accountId).filter((id) => !PROVIDER_KIND_BY_ID.has(id));
  const locked = movement.locked ?? (walletIds.length ? await lockWallets(tx, walletIds) : new Map<string, TLockedWallet>());
  if (walletIds.some((id) => !locked.has(id))) throw new Error('A movement names a wallet its caller did not lock');

  const net = new Map<string, number>();
  for (const line of movement.lines) if (locked.has(line.accountId)) net.set(line.accountId, (net.get(line.accountId) ?? 0) + line.amount);
  const unblock = movement.fromBlocked;
  const blockedChange = (id: string) => (unblock && unblock.accountId === id ? -unblock.amount : 0);
  if (unblock && (!locked.has(unblock.accountId) || locked.get(unblock.accountId)!.blocked < unblock.amount)) {
    throw new Error('A capture cannot take more than the money held on the wallet');
  }
  for (const [id, change] of net) {
    const wallet = locked.get(id)!;
    const available = wallet.balance - wallet.blocked;
    const after = wallet.balance + change - (wallet.blocked + blockedChange(id));
    if (change < 0 && after < 0) throw shortfall(movement.amountField ?? 'amount', available, -change + blockedChange(id));
  }

  const transactionId = movement.transactionId ?? newId();
  const actor = ctx.actor;
  const running = new Map([...locked].map(([id, w]) => [id, w.balance]));
  const lines: TPostedLine[] = movement.lines.map((line) => {
    const wallet = locked.get(line.accountId);
    if (!wallet)
      return {
        accountId: line.accountId,
        kind: PROVIDER_KIND_BY_ID.get(line.accountId)!,
        organizationId: null,
        amount: line.amount,
        balanceAfter: null,
      };
    const after = running.get(line.accountId)! + line.amount;
    running.set(line.accountId, after);
    return { accountId: line.accountId, kind: 'WALLET', organizationId: wallet.organizationId, amount: line.amount, balanceAfter: after };
  });
  const wallets: TPosted['wallets'] = [];
  for (const [id, change] of net) {
    const before = locked.get(id)!;
    wallets.push({ before, after: { ...before, balance: before.balance + change, blocked: before.blocked + blockedChange(id) } });
  }
  const changes = [...net].map(([id, change]) => ({ id, change, held: blockedChange(id) })).filter((c) => c.change !== 0 || c.held !== 0);

  // The transaction, its postings, the new balances and the caller's own rows in one statement: the database checks
  // at commit that the postings balance and were made with their transaction (drizzle/0018).
  const parts = [
    sql`made AS (INSERT INTO ledger_transactions (id, type, reason, reference, actor_type, actor_id, actor_label, request_id)
      VALUES (${transactionId}, ${movement.type}, ${movement.reason ?? null}, ${movement.reference ?? null},
        ${actor ? actor.type : 'SYSTEM'}, ${actor?.userId ?? null}, ${actor?.label ?? null}, ${ctx.requestId})
      RETURNING created_at)`,
    sql`posted AS (INSERT INTO ledger_postings (transaction_id, account_id, organization_id, type, amount, balance_after)
      VALUES ${sql.join(
        lines.map((l) => sql`(${transactionId}, ${l.accountId}, ${l.organizationId}, ${movement.type}, ${l.amount}, ${l.balanceAfter})`),
        sql`, `,
      )})`,
  ];
  if (changes.length) {
    parts.push(sql`moved AS (UPDATE ledger_accounts
      SET balance = ledger_accounts.balance + changes.change, blocked = ledger_accounts.blocked + changes.held, updated_at = now()
      FROM (VALUES ${sql.join(
        changes.map((c) => sql`(${c.id}, ${c.change}::bigint, ${c.held}::bigint)`),
        sql`, `,
      )}) AS changes (id, change, held)
      WHERE ledger_accounts.id = changes.id)`);
  }
  const alongside = movement.alongside?.({ transactionId, type: movement.type, wallets });
  if (alongside) parts.push(sql`alongside AS (${alongside})`);
  const { rows: made } = await tx.execute<{ created_at: Date }>(sql`WITH ${sql.join(parts, sql`, `)} SELECT created_at FROM made`);
  return { transactionId, type: movement.type, createdAt: new Date(made[0]!.created_at), lines, wallets };
}

/**
 * Changes the money held on a wallet without moving any (a hold, a release, holding again what was released):
 * `delta` > 0 holds more, refused with a 422 naming `field` beyond the available balance; `delta` < 0 releases.
 */
export async function changeBlocked(tx: TExecutor, walletId: string, delta: number, field = 'amount'): Promise<TWalletState> {
  const wallet = (await lockWallets(tx, [walletId])).get(walletId)!;
  const available = wallet.balance - wallet.blocked;
  if (delta > 0 && available < delta) throw shortfall(field, available, delta);
  if (wallet.blocked + delta < 0) throw new Error('A release cannot free more than the money held on the wallet');
  if (delta !== 0)
    await tx.execute(sql`UPDATE ledger_accounts SET blocked = blocked + ${delta}, updated_at = now() WHERE id = ${walletId}`);
  return { ...wallet, blocked: wallet.blocked + delta };
}

/**
 * Closes an organisation's wallet when the organisation is deleted: only a wallet that never held or moved money (its
 * postings are the ledger's history and stay for ever); otherwise a 409.
 */
export async function closeWallet(tx: TExecutor, organizationId: string): Promise<void> {
  const id = walletIdOf(organizationId);
  const { rows } = await tx.execute<{ used: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM ledger_postings WHERE account_id = ${id}) OR EXISTS (SELECT 1 FROM wallet_holds WHERE account_id = ${id})
      OR EXISTS (SELECT 1 FROM plan_blueprints WHERE organization_id = ${organizationId})
      OR EXISTS (SELECT 1 FROM gateway_payments WHERE account_id = ${id}) AS used`);
  if (rows[0]?.used) {
    throw new AppError(
      'CONFLICT',
      'This organisation has money or plans on record (its wallet and plans are kept with the ledger); it cannot be deleted',
    );
  }
  await tx.execute(sql`DELETE FROM ledger_accounts WHERE id = ${id}`);
}
