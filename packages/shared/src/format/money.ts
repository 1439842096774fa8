/** Money is integer paise (hundredths of a rupee, spec §9); shown as ₹ with two decimals. */
export function formatPaise(paise: number | bigint): string {
  const value = BigInt(paise);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const rupees = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  const grouped = groupIndian(rupees.toString());
  return `${negative ? '-' : ''}₹${grouped}.${rest}`;
}

/** Indian digit grouping: 12,34,567. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}
