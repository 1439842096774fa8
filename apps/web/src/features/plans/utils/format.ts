/** 1 GB = 1024 MB, as operators count data allowances. */
const MB_PER_GB = 1024;

/**
 * A data allowance in the units a reader expects: whole MB below 1 GB, GB (up to two decimals) from there on.
 * `unit` gives the words ("{{value}} MB"), `language` the digits' grouping.
 */
export function formatDataMb(dataMb: number, unit: (key: 'mb' | 'gb', value: string) => string, language = 'en'): string {
  const number = new Intl.NumberFormat(`${language}-IN`, { maximumFractionDigits: 2 });
  if (dataMb < MB_PER_GB) return unit('mb', number.format(dataMb));
  return unit('gb', number.format(dataMb / MB_PER_GB));
}

/** A whole number typed in a field: blank → null, digits → the number, anything else NaN (which the schema refuses). */
export function wholeNumber(text: string): number | null {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return null;
  return /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
}

/** A count as a field shows it. */
export const countText = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
