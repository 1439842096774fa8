import type { TMoneyMoved, TWallet, TWalletEntry } from '@tarang/shared/wallets/wallet.schemas';

/** Test data: a wallet of an organisation (ids of 24 hex characters), amounts in paise. */
export function makeWallet(overrides: Partial<TWallet> & Pick<TWallet, 'id' | 'organizationId'>): TWallet {
  return {
    organization: { id: overrides.organizationId, tradeName: 'Sanchar Connect' },
    balance: 0,
    blocked: 0,
    available: 0,
    lowBalanceThreshold: null,
    updatedAt: '2026-11-24T04:30:00.000Z',
    ...overrides,
  };
}

/** A statement line of a wallet. */
export function makeEntry(overrides: Partial<TWalletEntry> & Pick<TWalletEntry, 'id' | 'amount' | 'balanceAfter'>): TWalletEntry {
  return {
    transactionId: `t${overrides.id}`,
    type: 'ADD',
    counterparty: { kind: 'PROVIDER_FUNDING', walletId: null, organizationId: null, label: 'Provider funding' },
    reference: null,
    reason: null,
    createdBy: { id: '1'.repeat(24), label: 'Asha Rao' },
    createdAt: '2026-11-24T04:30:00.000Z',
    ...overrides,
  };
}

/** What a money call answers: its transaction and the wallets as they are after it. */
export function moved(wallets: TWallet[], type: TMoneyMoved['transaction']['type'], amount: number): TMoneyMoved {
  return {
    transaction: {
      id: 'f'.repeat(24),
      type,
      amount,
      reason: null,
      reference: null,
      postings: [],
      createdBy: null,
      createdAt: '2026-11-24T05:00:00.000Z',
    },
    wallets,
    replayed: false,
  };
}
