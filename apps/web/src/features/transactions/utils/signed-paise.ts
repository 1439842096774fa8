import { formatPaise } from '@tarang/shared/format/money';

/** An entry's signed amount: "+₹1,500.00" into the wallet, "−₹250.00" out of it (a minus sign, not a hyphen). */
export function formatSignedPaise(paise: number): string {
  if (paise > 0) return `+${formatPaise(paise)}`;
  if (paise < 0) return `−${formatPaise(-paise)}`;
  return formatPaise(0);
}
