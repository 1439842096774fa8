import { z } from 'zod';
import { ZCursor, ZListQuery } from '../common/api';
import { isoDateOrDateTime } from '../common/dates';
import { multilineText, ZId } from '../common/text';
import { paiseAmount, signedPaiseAmount } from '../money/amount';

/**
 * Wallets and the ledger under them (issue 14, docs/decisions/025-money-ledger.md). Every amount is integer paise.
 * A wallet is an organisation's account; the provider's own accounts (revenue, funding, payment-gateway clearing,
 * adjustments) are the other side of its movements and are never a wallet in the API.
 */

/** The kinds of ledger transaction. A hold and its release move no money: they show under GET /wallet/{id}/blocked. */
export const LEDGER_TYPES = ['ADD', 'DEDUCT', 'ADJUST', 'TRANSFER', 'TOPUP', 'CAPTURE'] as const;
export const ZLedgerType = z.enum(LEDGER_TYPES);
export type TLedgerType = z.infer<typeof ZLedgerType>;

/** The provider's accounts, the other side of every wallet movement. */
export const PROVIDER_ACCOUNTS = ['PROVIDER_REVENUE', 'PROVIDER_FUNDING', 'GATEWAY_CLEARING', 'ADJUSTMENTS'] as const;
export const ACCOUNT_KINDS = ['WALLET', ...PROVIDER_ACCOUNTS] as const;
export const ZAccountKind = z.enum(ACCOUNT_KINDS);
export type TAccountKind = z.infer<typeof ZAccountKind>;

export const HOLD_STATUSES = ['HELD', 'CAPTURED', 'RELEASED'] as const;
export const ZHoldStatus = z.enum(HOLD_STATUSES);

export const ZWallet = z.object({
  id: z.string(),
  organizationId: z.string(),
  organization: z.object({ id: z.string(), tradeName: z.string() }).optional(),
  balance: z.number().int(),
  blocked: z.number().int(),
  /** balance − blocked: what an activation or a transfer may use. Never below 0. */
  available: z.number().int(),
  /** The organisation's low-balance threshold (organisation settings), or null. */
  lowBalanceThreshold: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type TWallet = z.infer<typeof ZWallet>;

export const ZWalletListQuery = ZListQuery.extend({
  organizationId: ZId.optional(),
  /** The header's name for organizationId (spec §7). */
  organization: ZId.optional(),
  populate: z.enum(['organization']).optional(),
}).strict();
export type TWalletListQuery = z.infer<typeof ZWalletListQuery>;

/** The account on the other side of an entry: a wallet (its organisation) or one of the provider's accounts. */
export const ZCounterparty = z.object({
  kind: ZAccountKind,
  walletId: z.string().nullable(),
  organizationId: z.string().nullable(),
  label: z.string(),
});

const ZActorRef = z.object({ id: z.string().nullable(), label: z.string() });

/** One line of a wallet's statement: a posting, from this wallet's side. */
export const ZWalletEntry = z.object({
  id: z.string(),
  transactionId: z.string(),
  type: ZLedgerType,
  /** Signed: + into this wallet, − out of it. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  counterparty: ZCounterparty.nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  createdBy: ZActorRef.nullable(),
  createdAt: z.string(),
});
export type TWalletEntry = z.infer<typeof ZWalletEntry>;

export const ZWalletEntriesQuery = z
  .object({
    type: ZLedgerType.optional(),
    from: isoDateOrDateTime('from').optional(),
    to: isoDateOrDateTime('to').optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    cursor: ZCursor.optional(),
  })
  .strict();
export type TWalletEntriesQuery = z.infer<typeof ZWalletEntriesQuery>;

/** The transactions report: every wallet entry in the caller's subtree. */
export const ZTransactionReportQuery = ZWalletEntriesQuery.extend({
  organizationId: ZId.optional(),
  walletId: ZId.optional(),
}).strict();
export type TTransactionReportQuery = z.infer<typeof ZTransactionReportQuery>;

export const ZTransactionReportRow = ZWalletEntry.extend({
  walletId: z.string(),
  organization: z.object({ id: z.string(), tradeName: z.string() }),
});
export type TTransactionReportRow = z.infer<typeof ZTransactionReportRow>;

export const ZHold = z.object({
  id: z.string(),
  activationId: z.string().nullable(),
  amount: z.number().int(),
  captured: z.number().int(),
  released: z.number().int(),
  status: ZHoldStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type THold = z.infer<typeof ZHold>;

const ZReason = multilineText().trim().min(1, 'reason is required').max(500, 'reason must be at most 500 characters');

/** PUT /wallet/add/{id} (Send Money) and PUT /wallet/deduct/{id} (Debit Money). */
export const ZWalletAmountBody = z.object({ amount: paiseAmount(), reason: ZReason }).strict();
export type TWalletAmountBody = z.infer<typeof ZWalletAmountBody>;

/** POST /wallet/manual/{id} (Adjust Wallet): `organization` names the wallet's organisation, as a check. */
export const ZWalletManualBody = z.object({ organization: ZId, amount: signedPaiseAmount(), reason: ZReason }).strict();
export type TWalletManualBody = z.infer<typeof ZWalletManualBody>;

/** POST /wallet/transfer: a parent to one of its children, or back from a child by the parent. */
export const ZWalletTransferBody = z
  .object({
    fromWalletId: ZId,
    toWalletId: ZId,
    amount: paiseAmount(),
    note: multilineText().trim().max(500, 'note must be at most 500 characters').optional(),
  })
  .strict()
  .refine((b) => b.fromWalletId !== b.toWalletId, { message: 'toWalletId must be another wallet', path: ['toWalletId'] });
export type TWalletTransferBody = z.infer<typeof ZWalletTransferBody>;

/** A posting of a movement, as its answer shows it. */
export const ZPosting = z.object({
  kind: ZAccountKind,
  walletId: z.string().nullable(),
  organizationId: z.string().nullable(),
  amount: z.number().int(),
  balanceAfter: z.number().int().nullable(),
});

/** What a money call answers: the transaction (the same one again when its Idempotency-Key is replayed). */
export const ZLedgerTransaction = z.object({
  id: z.string(),
  type: ZLedgerType,
  /** The amount moved, > 0 (the sum of the positive postings). */
  amount: z.number().int(),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  postings: z.array(ZPosting),
  createdBy: ZActorRef.nullable(),
  createdAt: z.string(),
});
export type TLedgerTransaction = z.infer<typeof ZLedgerTransaction>;

export const ZMoneyMoved = z.object({
  transaction: ZLedgerTransaction,
  /** The wallets it touched, as they are now. */
  wallets: z.array(ZWallet),
  replayed: z.boolean(),
});
export type TMoneyMoved = z.infer<typeof ZMoneyMoved>;

/** POST /wallet/payU/transaction: a top-up through PayU's hosted checkout. */
export const ZPayUTransactionBody = z.object({ walletId: ZId, amount: paiseAmount() }).strict();

/** The hosted-checkout form the console posts to PayU (or to the simulator). */
export const ZPayUForm = z.object({
  action: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type TPayUForm = z.infer<typeof ZPayUForm>;

export const ZWalletIdParams = z.object({ id: ZId }).strict();
