import {
  IP_PROTOCOLS,
  normaliseIpEntries,
  parseIpEntry,
  type TIpEntry,
  type TIpEntryInput,
  type TIpProtocol,
} from '@tarang/shared/whitelists/ip-entries';
import { IP_GROUP_INPUT_MAX } from '@tarang/shared/whitelists/whitelist.schemas';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { serverErrorSetter, throwPlacedErrors } from './server-errors';

/** One row of the destinations editor, as typed: ports '' means every port. */
export type TIpEntryRow = { address: string; protocol: TIpProtocol; ports: string };

export const EMPTY_ROW: TIpEntryRow = { address: '', protocol: 'ANY', ports: '' };

const PORT_MIN = 1;
const PORT_MAX = 65535;

/** A stored entry as a row of the editor (to change it). */
export function rowOfEntry(entry: TIpEntry): TIpEntryRow {
  let ports = '';
  if (entry.portFrom === entry.portTo) ports = String(entry.portFrom);
  else if (entry.portFrom !== PORT_MIN || entry.portTo !== PORT_MAX) ports = `${entry.portFrom}-${entry.portTo}`;
  return { address: entry.address, protocol: entry.protocol, ports };
}

/** A row as the API takes it: trimmed, `ports` left out for every port. */
function inputOfRow(row: TIpEntryRow): TIpEntryInput {
  const ports = row.ports.trim();
  return { address: row.address.trim(), protocol: row.protocol, ...(ports ? { ports } : {}) };
}

/**
 * The entries of a save: one per row, in the row's order (so the server's `entries.3` is the fourth row), each in its
 * canonical form when it is valid ('2001:DB8::/48' → '2001:db8::/48', '8000 - 8100' → '8000-8100'). Duplicates stay:
 * the server merges them and says how many.
 */
export function entriesOfRows(rows: readonly TIpEntryRow[]): TIpEntryInput[] {
  return rows.map((row) => {
    const parsed = parseIpEntry(inputOfRow(row));
    return 'entry' in parsed ? inputOfRow(rowOfEntry(parsed.entry)) : inputOfRow(row);
  });
}

/** Whether two lists of entries are the same destinations in the same order. */
export function sameEntries(a: readonly TIpEntryInput[], b: readonly TIpEntryInput[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The rows as the lines of the paste box ('10.1.2.0/24 TCP 443'); blank rows are left out. */
export function textOfRows(rows: readonly TIpEntryRow[]): string {
  return rows
    .filter((row) => row.address.trim() || row.ports.trim())
    .map((row) => [row.address.trim(), row.protocol, row.ports.trim()].filter(Boolean).join(' '))
    .join('\n');
}

const PROTOCOLS = new Set<string>(IP_PROTOCOLS);

/** One pasted line: the address first, then a protocol anywhere (TCP, UDP or ANY, any case), the rest is the ports. */
function rowOfLine(line: string): TIpEntryRow {
  const [address = '', ...rest] = line.split(/[\s,;]+/).filter(Boolean);
  const protocolAt = rest.findIndex((token) => PROTOCOLS.has(token.toUpperCase()));
  const protocol = protocolAt < 0 ? 'ANY' : (rest[protocolAt]!.toUpperCase() as TIpProtocol);
  const ports = rest
    .filter((_, i) => i !== protocolAt)
    .join(' ')
    .trim();
  return { address, protocol, ports: /^(all|all ports|any)$/i.test(ports) ? '' : ports };
}

/**
 * The rows of a pasted list, one destination a line: '10.1.2.0/24 TCP 443', '2001:db8::/48, UDP, 5000-5100',
 * '203.0.113.7' (every protocol and port) or a line as the console shows it ('203.0.113.7/32 ANY all ports').
 * Blank lines and lines starting with # are skipped; a line that does not read is kept as typed, for its row to say why.
 */
export function rowsOfText(text: string): TIpEntryRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map(rowOfLine);
}

/** The editor's rows, checked with the shared rules: each problem on its row's field, one about the list on the list. */
export const ZIpEntryRows = z
  .array(z.object({ address: z.string(), protocol: z.enum(IP_PROTOCOLS), ports: z.string() }))
  .superRefine((rows, ctx) => {
    // The operator's limit (50 unless the provider set another) is the server's to apply: only the API's own cap here.
    for (const error of normaliseIpEntries(rows.map(inputOfRow), IP_GROUP_INPUT_MAX).errors) {
      const [, index, field] = error.path.split('.');
      ctx.addIssue({ code: 'custom', message: error.message, path: index === undefined ? [] : [Number(index), field ?? 'address'] });
    }
  });

/** The form's alert after the server refused some destinations (they are marked on their rows). */
export const ENTRIES_REFUSED = 'Some destinations were refused: correct the marked rows and save again';

/** The rows a save made: the editor's field for a server path ('entries.3.ports' → 'rows.3.ports', 'entries' → the list). */
export function rowFieldOf(path: string): string | null {
  const match = /^(?:body\.)?entries(?:\.(\d+)(?:\.(address|protocol|ports))?)?$/.exec(path);
  if (!match) return null;
  if (match[1] === undefined) return 'rows.root';
  return `rows.${match[1]}.${match[2] ?? 'address'}`;
}

/** After a refused save: the server's refusals of destinations on their rows (`rows`), the rest for the form. */
export function throwEntryErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): never {
  return throwPlacedErrors(error, ENTRIES_REFUSED, rowFieldOf, serverErrorSetter(setError));
}
