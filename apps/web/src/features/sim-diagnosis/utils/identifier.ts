/**
 * What was typed to find a SIM: an ICCID (18–22 digits starting 89), an IMSI (15 digits) or an MSISDN (10–13 digits
 * or up to 15 with + and the country code). Spaces and dashes people type between digit groups are dropped.
 */
export type TSimIdentifier = { kind: 'iccid' | 'msisdn' | 'imsi'; value: string };

export function simIdentifierOf(text: string): TSimIdentifier | null {
  const compact = text.trim().replace(/[\s-]/g, '');
  if (/^89\d{16,20}$/.test(compact)) return { kind: 'iccid', value: compact };
  if (/^\d{15}$/.test(compact)) return { kind: 'imsi', value: compact };
  if (/^\+?\d{10,15}$/.test(compact)) return { kind: 'msisdn', value: compact };
  return null;
}
