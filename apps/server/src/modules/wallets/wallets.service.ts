import { newId } from '@tarang/shared/common/ids';
import { formatPaise } from '@tarang/shared/format/money';
import { hasPermission } from '@tarang/shared/roles/auth-scopes';
import type {
  TLedgerTransaction,
  TMoneyMoved,
  TWalletAmountBody,
  TWalletListQuery,
  TWalletManualBody,
  TWalletTransferBody,
} from '@tarang/shared/wallets/wallet.schemas';
import { eq, sql } from 'drizzle-orm';
import type { TDeps } from '../../app-deps';
import type { TExecutor, TTx } from '../../db/database';
import { AppError, fieldError } from '../../http/app-error';
import { claimIdempotencyKey, findIdempotencyKey } from '../../http/idempotency';
import { requireActor, type TActor, type TRequestContext } from '../../http/request-context';
import { organizationInScope } from '../../lib/tenancy';
import { auditInboxStatement } from '../audit/audit.service';
import { lockWallets, PROVIDER_ACCOUNT_IDS, postMovement, type TMovement, type TPosted, walletNotFound } from './ledger';
import { readTransaction, toLedgerTransaction } from './ledger-transactions.repository';
import { findWallet, listHolds, listWallets, type TWalletReach, toWallet, walletsById } from './wallets.repository';
import { ledgerAccounts } from './wallets.table';

/**
 * Which wallets a caller reads: an organisation user its own, and its descendants' with Child Wallets; staff every
 * wallet when their role has the wallet module (or All Wallets), none otherwise.
 */
export function walletReach(actor: TActor): TWalletReach {
  if (actor.scope.kind === 'all') {
    return hasPermission(actor.authScopes, 'wallet') || hasPermission(actor.authScopes, 'all-wallet') ? undefined : sql`false`;
  }
  if (hasPermission(actor.authScopes, 'wallet', 'childWallets')) return organizationInScope(actor.scope);
  return eq(ledgerAccounts.organizationId, actor.organizationId!);
}

export async function getWallets(deps: TDeps, ctx: TRequestContext, query: TWalletListQuery) {
  const actor = requireActor(ctx);
  const organizationId = query.organizationId ?? query.organization;
  const page = await listWallets(deps.db, walletReach(actor), { ...query, organizationId });
  return { rows: page.rows.map((row) => toWallet(row, query.populate === 'organization')), meta: page.meta };
}

async function readableWallet(db: TExecutor, actor: TActor, id: string) {
  const row = await findWallet(db, walletReach(actor), id);
  if (!row) throw walletNotFound();
  return row;
}

export async function getWallet(deps: TDeps, ctx: TRequestContext, id: string) {
  return toWallet(await readableWallet(deps.db, requireActor(ctx), id), true);
}

export async function getHolds(deps: TDeps, ctx: TRequestContext, id: string, query: { limit: number; cursor?: string }) {
  await readableWallet(deps.db, requireActor(ctx), id);
  return await listHolds(deps.db, id, query);
}

// ─── moving money ───────────────────────────────────────────────────────────────────────────────

/** A money call: what it moves (built inside the transaction, after the key is claimed) and how it is audited. */
type TMoneyCall = {
  key: string;
  fingerprint: string;
  action: string;
  build: (tx: TTx) => Promise<Omit<TMovement, 'transactionId'>>;
};

/**
 * Runs a money call once per Idempotency-Key: the key, the postings, the new balances and the audit events commit in
 * one database transaction. The same key again (even after a crash, even at the same moment) answers the
 * transaction it made; under another body it is a 422 naming the header. A refused call (not enough money) claims
 * nothing, so it may be retried under the same key.
 */
export async function runMoneyCall(deps: TDeps, ctx: TRequestContext, call: TMoneyCall, keyScope?: string): Promise<TMoneyMoved> {
  const actor = ctx.actor;
  const scope = keyScope ?? `user:${requireActor(ctx).userId}`;
  const transactionId = newId();
  const notices: string[] = [];
  // The key is claimed first, in the transaction: a key already used (or being used) leaves it at once, and is answered
  // below from what that call made.
  const posted = await deps.db.transaction(async (tx) => {
    const claimed = await claimIdempotencyKey(tx, {
      scope,
      key: call.key,
      fingerprint: call.fingerprint,
      entityType: 'ledger_transaction',
      entityId: transactionId,
    });
    if (!claimed) return null;
    const movement = await call.build(tx);
    const done = await postMovement(tx, ctx, {
      ...movement,
      transactionId,
      // Into the audit inbox, with the movement's own statement: money calls do not queue one behind another on the
      // hash chain's head, nor wait for the sealing (the sweep, or the next read of the audit trail; decision 025).
      alongside: ({ type, wallets }) =>
        auditInboxStatement(
          ctx,
          wallets.map(({ before, after }) => ({
            action: call.action,
            entityType: 'wallet',
            entityId: after.id,
            organizationId: after.organizationId,
            before: { balance: before.balance, blocked: before.blocked, available: before.balance - before.blocked },
            after: {
              balance: after.balance,
              blocked: after.blocked,
              available: after.balance - after.blocked,
              transactionId,
              type,
              amount: after.balance - before.balance,
              reason: movement.reason ?? null,
              reference: movement.reference ?? null,
              actor: actor?.label ?? null,
            },
          })),
        ),
    });
    notices.push(...(await noticeLowBalances(deps, tx, done)));
    return { done, movement };
  });
  if (!posted) {
    const made = await findIdempotencyKey(deps.db, scope, call.key, call.fingerprint);
    if (!made) throw new AppError('CONFLICT', 'A call with this Idempotency-Key is being made; try again');
    return await replay(deps, made.entityId);
  }
  if (notices.length) deps.messenger.deliverLater(deps.db, notices);
  return answerOf(ctx, posted.done, posted.movement);
}

/** The answer of a call that moved money, from what it wrote (nothing is read again). */
function answerOf(ctx: TRequestContext, done: TPosted, movement: Omit<TMovement, 'transactionId'>): TMoneyMoved {
  const actor = ctx.actor;
  const transaction = toLedgerTransaction(
    {
      id: done.transactionId,
      type: done.type,
      reason: movement.reason ?? null,
      reference: movement.reference ?? null,
      actor_type: actor ? actor.type : 'SYSTEM',
      actor_id: actor?.userId ?? null,
      actor_label: actor?.label ?? null,
      created_at: done.createdAt,
    },
    done.lines,
  );
  // A wallet's updated_at is the transaction's time (now() in both).
  const wallets = done.wallets.map(({ after }) =>
    toWallet({ ...after, threshold: after.lowBalanceThreshold, updatedAt: done.createdAt }, true),
  );
  return { transaction, wallets, replayed: false };
}

/** The answer of a key used again: the transaction it made, and its wallets as they are now. */
async function replay(deps: TDeps, transactionId: string): Promise<TMoneyMoved> {
  const transaction: TLedgerTransaction = await readTransaction(deps.db, transactionId);
  const walletIds = [...new Set(transaction.postings.filter((p) => p.walletId).map((p) => p.walletId!))];
  const rows = new Map((await walletsById(deps.db, walletIds)).map((row) => [row.id, row]));
  const wallets = walletIds.map((id) => toWallet(rows.get(id)!, true));
  return { transaction, wallets, replayed: true };
}

/**
 * When a movement takes a wallet from at or above its organisation's low-balance threshold to below it, the
 * organisation's users who manage its wallet get a notice (outbox, same transaction). Returns the messages to send.
 */
async function noticeLowBalances(deps: TDeps, tx: TTx, posted: TPosted): Promise<string[]> {
  const ids: string[] = [];
  for (const { before, after } of posted.wallets) {
    const was = before.balance - before.blocked;
    const now = after.balance - after.blocked;
    const threshold = after.lowBalanceThreshold;
    if (threshold === null || !(was >= threshold && now < threshold)) continue;
    const { rows: people } = await tx.execute<{ id: string; email: string }>(sql`
      SELECT u.id, u.email FROM users u JOIN roles r ON r.id = u.role_id
      WHERE u.organization_id = ${after.organizationId} AND u.status = 'ACTIVE' AND u.email IS NOT NULL
        AND (r.auth_scopes -> 'wallet' ->> 'allowed') = 'true'`);
    for (const person of people) {
      ids.push(
        await deps.messenger.enqueue(tx, {
          channel: 'EMAIL',
          to: person.email,
          recipientUserId: person.id,
          subject: `Low wallet balance: ${after.tradeName}`,
          body: `The wallet of ${after.tradeName} has ${formatPaise(now)} available, below its low-balance threshold of ${formatPaise(threshold)}. Add money to keep activations running.`,
          template: 'wallet-low-balance',
        }),
      );
    }
  }
  return ids;
}

/** Staff's calls on one wallet against one of the provider's accounts: Send Money, Debit Money, Adjust Wallet. */
const PROVIDER_CALLS = {
  add: { action: 'wallet.add', type: 'ADD', counter: 'PROVIDER_FUNDING', sign: 1 },
  deduct: { action: 'wallet.deduct', type: 'DEDUCT', counter: 'PROVIDER_FUNDING', sign: -1 },
  adjust: { action: 'wallet.adjust', type: 'ADJUST', counter: 'ADJUSTMENTS', sign: 1 },
} as const;

/**
 * Moves `body.amount` (signed by the call: into the wallet for add and adjust, out for deduct) between a wallet and the
 * provider's account for that call. Adjust Wallet names the wallet's organisation as a check (422 otherwise).
 */
export async function moveWithProvider(
  deps: TDeps,
  ctx: TRequestContext,
  call: keyof typeof PROVIDER_CALLS,
  id: string,
  body: TWalletAmountBody | TWalletManualBody,
  key: string,
  fingerprint: string,
) {
  const actor = requireActor(ctx);
  const { action, type, counter, sign } = PROVIDER_CALLS[call];
  return await runMoneyCall(deps, ctx, {
    key,
    fingerprint,
    action,
    build: async (tx) => {
      // Staff reach every wallet; the route guard has checked the permission.
      const locked = await lockWallets(tx, [id], walletReach(actor));
      const wallet = locked.get(id)!;
      if ('organization' in body && wallet.organizationId !== body.organization) {
        throw fieldError('UNPROCESSABLE', 'organization', 'organization is not the organisation of this wallet');
      }
      const amount = sign * body.amount;
      return {
        type,
        reason: body.reason,
        locked,
        lines: [
          { accountId: wallet.id, amount },
          { accountId: PROVIDER_ACCOUNT_IDS[counter], amount: -amount },
        ],
      };
    },
  });
}

/**
 * A transfer between a parent organisation and one of its direct children, both in the caller's reach (an
 * organisation user: its own subtree): down needs Send Money, back up needs Debit Money. Any other pair is a 404.
 */
export async function transferMoney(deps: TDeps, ctx: TRequestContext, body: TWalletTransferBody, key: string, fingerprint: string) {
  const actor = requireActor(ctx);
  return await runMoneyCall(deps, ctx, {
    key,
    fingerprint,
    action: 'wallet.transfer',
    build: async (tx) => {
      const reach = actor.scope.kind === 'all' ? undefined : organizationInScope(actor.scope);
      // Both wallets are locked (in id order) as they are read; the pair is checked after.
      const locked = await lockWallets(tx, [body.fromWalletId, body.toWalletId], reach);
      const from = locked.get(body.fromWalletId);
      const to = locked.get(body.toWalletId);
      if (!from || !to || from.id === to.id) throw walletNotFound();
      const down = to.parentOrganizationId === from.organizationId;
      const up = from.parentOrganizationId === to.organizationId;
      if (!down && !up) throw walletNotFound();
      const action = down ? 'sendMoney' : 'debitMoney';
      if (!hasPermission(actor.authScopes, 'wallet', action)) {
        throw new AppError(
          'FORBIDDEN',
          down ? 'A transfer to a child needs Send Money' : 'Taking money back from a child needs Debit Money',
        );
      }
      return {
        type: 'TRANSFER',
        reason: body.note ?? null,
        reference: null,
        locked,
        lines: [
          { accountId: from.id, amount: -body.amount },
          { accountId: to.id, amount: body.amount },
        ],
      };
    },
  });
}
