import { formatPaise } from '@tarang/shared/format/money';
import type { TWallet } from '@tarang/shared/wallets/wallet.schemas';

/** Whether the wallet's available money is under its organisation's low-balance threshold. */
export function isLowBalance(wallet: Pick<TWallet, 'available' | 'lowBalanceThreshold'>): boolean {
  return wallet.lowBalanceThreshold !== null && wallet.available < wallet.lowBalanceThreshold;
}

/** A signed amount of a statement: "+₹1,500.00" into the wallet, "−₹250.00" out of it. */
export function formatSignedPaise(paise: number): string {
  if (paise > 0) return `+${formatPaise(paise)}`;
  if (paise < 0) return `−${formatPaise(-paise)}`;
  return formatPaise(0);
}
