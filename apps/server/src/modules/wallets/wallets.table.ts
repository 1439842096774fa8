import { ACCOUNT_KINDS, HOLD_STATUSES, LEDGER_TYPES } from '@tarang/shared/wallets/wallet.schemas';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, timestampTz, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';

/**
 * The ledger's accounts: one WALLET per organisation, and the provider's own accounts (one row each, no
 * organisation). A wallet keeps `balance` and `blocked` on its row, updated in the transaction that writes its
 * postings; the database refuses available (balance − blocked) below 0. The provider's accounts keep no running
 * balance (their balance is the sum of their postings), so no movement waits on them (docs/decisions/025).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idPk(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    organizationId: idRef('organization_id').references(() => organizations.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    blocked: bigint('blocked', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_wallet_org_idx').on(t.organizationId),
    uniqueIndex('ledger_accounts_provider_kind_idx').on(t.kind).where(sql`${t.organizationId} IS NULL`),
    check('ledger_accounts_owner_check', sql`(${t.kind} = 'WALLET') = (${t.organizationId} IS NOT NULL)`),
    check('ledger_accounts_available_check', sql`${t.blocked} >= 0 AND ${t.balance} - ${t.blocked} >= 0`),
  ],
);

/** One movement of money: two or more postings that sum to zero (checked by the database at commit). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: idPk(),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    reason: text('reason'),
    /** What it is for: an activation, a PayU txnid, a transfer note. */
    reference: text('reference'),
    actorType: text('actor_type').notNull(),
    actorId: idRef('actor_id'),
    actorLabel: text('actor_label'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_transactions_created_idx').on(t.createdAt)],
);

/**
 * Postings: append-only (the database refuses UPDATE, DELETE and TRUNCATE). `amount` is signed paise;
 * `balance_after` is the wallet's balance after it (null on the provider's accounts); `organization_id` is the
 * wallet's organisation, for tenancy without a join.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: idRef('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: idRef('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    organizationId: idRef('organization_id'),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    index('ledger_postings_org_idx').on(t.organizationId, t.id),
    // The transactions report's date filter over the whole ledger.
    index('ledger_postings_created_idx').on(t.createdAt),
    check('ledger_postings_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * Money held on a wallet for an activation: `amount` is added to the wallet's `blocked` when held; each capture or
 * release takes part of it off again. HELD while some is left, then CAPTURED (some captured) or RELEASED (none).
 */
export const walletHolds = pgTable(
  'wallet_holds',
  {
    id: idPk(),
    accountId: idRef('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    organizationId: idRef('organization_id').notNull(),
    activationId: idRef('activation_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    captured: bigint('captured', { mode: 'number' }).notNull().default(0),
    released: bigint('released', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: HOLD_STATUSES }).notNull().default('HELD'),
    settledAt: timestampTz('settled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallet_holds_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('wallet_holds_activation_idx').on(t.activationId),
    check(
      'wallet_holds_amounts_check',
      sql`${t.amount} > 0 AND ${t.captured} >= 0 AND ${t.released} >= 0 AND ${t.captured} + ${t.released} <= ${t.amount}`,
    ),
  ],
);

/**
 * Top-ups through the payment gateway (PayU hosted checkout): made when the console asks for the checkout form,
 * settled once by the gateway's callback. `txnid` is what PayU knows the payment by.
 */
export const gatewayPayments = pgTable(
  'gateway_payments',
  {
    id: idPk(),
    txnid: text('txnid').notNull(),
    accountId: idRef('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    organizationId: idRef('organization_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['INITIATED', 'SUCCESS', 'FAILED'] })
      .notNull()
      .default('INITIATED'),
    /** PayU's own id of the payment, from the callback. */
    gatewayPaymentId: text('gateway_payment_id'),
    ledgerTransactionId: idRef('ledger_transaction_id'),
    createdBy: idRef('created_by'),
    settledAt: timestampTz('settled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gateway_payments_txnid_idx').on(t.txnid),
    index('gateway_payments_account_idx').on(t.accountId, t.createdAt),
    check('gateway_payments_amount_check', sql`${t.amount} > 0 AND ${t.amount} <= 1000000000000`),
  ],
);
