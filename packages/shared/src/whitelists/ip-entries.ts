/**
 * IP whitelist entries: the back ends (destinations) an M2M SIM may reach. Indian operators let an M2M SIM talk only to
 * the addresses registered for it, so a customer's IP group is a list of destinations, each an address or CIDR range
 * with a protocol and a port range. These functions turn what a person typed into the stored, canonical form, and say
 * clearly what is wrong when they cannot.
 *
 * Plain string and BigInt arithmetic only (no node:net): the console runs the same checks in the browser.
 */

import { hasControlCharacter } from '../common/text';

export const IP_PROTOCOLS = ['TCP', 'UDP', 'ANY'] as const;
export type TIpProtocol = (typeof IP_PROTOCOLS)[number];
/** What a user types for one destination. `ports`: '443', '8000-8100', or '' / undefined for every port. */
export type TIpEntryInput = { address: string; protocol?: TIpProtocol; ports?: string };
/** A destination as stored: canonical CIDR, protocol, inclusive port range (1..65535 = every port). */
export type TIpEntry = { address: string; protocol: TIpProtocol; portFrom: number; portTo: number };
/** The broadest ranges an operator accepts: a /16 (65,536 IPv4 addresses) and a /48 (one IPv6 site). */
export const IPV4_BROADEST_PREFIX = 16;
export const IPV6_BROADEST_PREFIX = 48;
export type TIpEntriesResult = {
  /** Valid, de-duplicated, in input order (first occurrence kept). */
  entries: TIpEntry[];
  /** Input indexes dropped as duplicates of an earlier input index. */
  merged: { index: number; duplicateOf: number }[];
  /** `path` like 'entries.3.address', 'entries.3.ports', or 'entries'. */
  errors: { path: string; message: string }[];
};

type TIpField = 'address' | 'ports' | 'protocol';
type TFieldError = { field: TIpField; message: string };

const PORT_MIN = 1;
const PORT_MAX = 65535;

/** An address family's facts. */
type TFamily = { version: 4 | 6; bits: number; broadest: number };
const IPV4: TFamily = { version: 4, bits: 32, broadest: IPV4_BROADEST_PREFIX };
const IPV6: TFamily = { version: 6, bits: 128, broadest: IPV6_BROADEST_PREFIX };

/** A parsed address with its prefix; `value` may still have host bits set. */
type TCidr = { family: TFamily; value: bigint; prefix: number };

/** Parsing an address either gives a CIDR or the message a person should see. */
type TParsed = { cidr: TCidr } | { error: string };

const ADDRESS_EXAMPLES = 'for example 203.0.113.7, 10.1.2.0/24 or 2001:db8::/48';

/** The text as typed, quoted for a message, when it is short and printable; otherwise a neutral phrase. */
function quote(text: string): string {
  if (text.length === 0 || text.length > 60 || hasControlCharacter(text)) return 'The address';
  return `'${text}'`;
}

function hostMask(family: TFamily, prefix: number): bigint {
  return (1n << BigInt(family.bits - prefix)) - 1n;
}

function networkOf(cidr: TCidr): bigint {
  return cidr.value & ~hostMask(cidr.family, cidr.prefix);
}

function lastOf(cidr: TCidr): bigint {
  return networkOf(cidr) | hostMask(cidr.family, cidr.prefix);
}

// ---------------------------------------------------------------------------------------------------------------
// IPv4

/** Parses a dotted quad; the error completes the sentence "… is not a valid IPv4 address: <error>". */
function parseIpv4(text: string): { value: bigint } | { error: string } {
  const parts = text.split('.');
  if (parts.length !== 4) return { error: 'it needs four numbers separated by dots' };
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) {
      return { error: part === '' ? 'a number is missing between the dots' : 'each of the four parts must be a number from 0 to 255' };
    }
    if (part.length > 1 && part.startsWith('0')) {
      return { error: `'${part}' has a leading zero, which some systems read as octal; write it without leading zeros` };
    }
    const octet = Number(part);
    if (octet > 255) return { error: `${part} is more than 255` };
    value = (value << 8n) | BigInt(octet);
  }
  return { value };
}

function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

// ---------------------------------------------------------------------------------------------------------------
// IPv6

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** Parses the groups on one side of '::' (an empty side has none); an IPv4 tail counts as two groups. */
function parseIpv6Groups(side: string, ipv4TailAllowed: boolean): { groups: bigint[] } | { error: string } {
  if (side === '') return { groups: [] };
  const parts = side.split(':');
  const groups: bigint[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.includes('.')) {
      if (!ipv4TailAllowed || i !== parts.length - 1) return { error: 'an embedded IPv4 address may only come last' };
      const ipv4 = parseIpv4(part);
      if ('error' in ipv4) return { error: `its embedded IPv4 address is malformed: ${ipv4.error}` };
      groups.push(ipv4.value >> 16n, ipv4.value & 0xffffn);
      continue;
    }
    if (part === '') return { error: "a group is missing between colons (only one '::' may stand for zero groups)" };
    if (!HEX_GROUP.test(part)) return { error: `'${part}' is not a group of 1 to 4 hexadecimal digits` };
    groups.push(BigInt(`0x${part}`));
  }
  return { groups };
}

/** Parses an IPv6 address (full, '::'-compressed, or with an IPv4 tail); the error completes "… is not a valid IPv6 address: <error>". */
function parseIpv6(text: string): { value: bigint } | { error: string } {
  const halves = text.split('::');
  if (halves.length > 2) return { error: "'::' may appear only once" };
  let groups: bigint[];
  if (halves.length === 2) {
    const head = parseIpv6Groups(halves[0]!, false);
    if ('error' in head) return head;
    const tail = parseIpv6Groups(halves[1]!, true);
    if ('error' in tail) return tail;
    const missing = 8 - head.groups.length - tail.groups.length;
    if (missing < 1) return { error: "it has eight groups besides '::', which must stand for at least one zero group" };
    groups = [...head.groups, ...Array<bigint>(missing).fill(0n), ...tail.groups];
  } else {
    const all = parseIpv6Groups(text, true);
    if ('error' in all) return all;
    if (all.groups.length !== 8) return { error: "it needs eight groups of hexadecimal digits, or '::' for a run of zero groups" };
    groups = all.groups;
  }
  return { value: groups.reduce((acc, group) => (acc << 16n) | group, 0n) };
}

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero groups (the first, on a tie) as '::'. */
function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (from: number, to: number) =>
    groups
      .slice(from, to)
      .map((group) => group.toString(16))
      .join(':');
  if (bestStart < 0) return hex(0, 8);
  return `${hex(0, bestStart)}::${hex(bestStart + bestLength, 8)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses and CIDRs

const IPV4_MAPPED_PREFIX = 0xffffn << 32n; // ::ffff:0:0/96

function formatCidr(family: TFamily, value: bigint, prefix: number): string {
  return `${family.version === 4 ? formatIpv4(value) : formatIpv6(value)}/${prefix}`;
}

/** Reads 'address' or 'address/prefix' (already trimmed) into a CIDR, IPv4-mapped IPv6 becoming IPv4. No range rules. */
function parseCidr(text: string): TParsed {
  if (text === '') return { error: `Enter an IP address or CIDR range, ${ADDRESS_EXAMPLES}` };
  if (hasControlCharacter(text)) return { error: 'The address contains a control character; type it again without it' };
  if (/\s/.test(text)) return { error: `${quote(text)} contains a space: write the address and prefix together, like 10.1.2.0/24` };
  if (text.includes('%')) {
    return { error: `${quote(text)} has an IPv6 zone id ('%…'), which only means something on one machine: give the address without it` };
  }
  const slash = text.indexOf('/');
  const addressText = slash < 0 ? text : text.slice(0, slash);
  const prefixText = slash < 0 ? undefined : text.slice(slash + 1);
  if (addressText === '')
    return { error: `${quote(text)} has a prefix but no address: give the address before the '/', ${ADDRESS_EXAMPLES}` };

  let family: TFamily;
  let value: bigint;
  if (addressText.includes(':')) {
    const parsed = parseIpv6(addressText);
    if ('error' in parsed) return { error: `${quote(addressText)} is not a valid IPv6 address: ${parsed.error}` };
    family = IPV6;
    value = parsed.value;
  } else if (/^[\d.]+$/.test(addressText)) {
    const parsed = parseIpv4(addressText);
    if ('error' in parsed) return { error: `${quote(addressText)} is not a valid IPv4 address: ${parsed.error}` };
    family = IPV4;
    value = parsed.value;
  } else {
    return { error: `${quote(addressText)} is not an IP address, ${ADDRESS_EXAMPLES}` };
  }

  let prefix = family.bits;
  if (prefixText !== undefined) {
    if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) {
      return { error: `The prefix after '/' must be a whole number from 0 to ${family.bits} for IPv${family.version}` };
    }
    prefix = Number(prefixText);
    if (prefix > family.bits) {
      return { error: `The prefix /${prefix} is out of range: IPv${family.version} prefixes run from /0 to /${family.bits}` };
    }
  }

  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) reaches the IPv4 address; store it as that.
  if (family === IPV6 && prefix >= 96 && value >> 32n === IPV4_MAPPED_PREFIX >> 32n) {
    return { cidr: { family: IPV4, value: value & 0xffffffffn, prefix: prefix - 96 } };
  }
  return { cidr: { family, value, prefix } };
}

type TReservedRange = { name: string; cidr: TCidr; shown: string };

function reserved(name: string, text: string): TReservedRange {
  const parsed = parseCidr(text);
  if (!('cidr' in parsed)) throw new Error(`Bad reserved range ${text}`);
  return { name, cidr: parsed.cidr, shown: text };
}

/** Ranges no destination may touch. Private ranges (10/8, 172.16/12, 192.168/16, fc00::/7) are allowed: APNs use them. */
const RESERVED_RANGES: readonly TReservedRange[] = [
  reserved('unspecified', '0.0.0.0/32'),
  reserved('loopback', '127.0.0.0/8'),
  reserved('link-local', '169.254.0.0/16'),
  reserved('multicast', '224.0.0.0/4'),
  reserved('broadcast', '255.255.255.255/32'),
  reserved('unspecified', '::/128'),
  reserved('loopback', '::1/128'),
  reserved('link-local', 'fe80::/10'),
  reserved('multicast', 'ff00::/8'),
];

function rangesIntersect(a: TCidr, b: TCidr): boolean {
  return a.family === b.family && networkOf(a) <= lastOf(b) && networkOf(b) <= lastOf(a);
}

/** The canonical CIDR for an address as typed, or the message that says what is wrong and how to fix it. */
function parseAddress(raw: unknown): { address: string; cidr: TCidr } | { error: string } {
  if (typeof raw !== 'string') return { error: `Enter an IP address or CIDR range, ${ADDRESS_EXAMPLES}` };
  const text = raw.trim();
  const parsed = parseCidr(text);
  if ('error' in parsed) return parsed;
  const { cidr } = parsed;
  const { family, prefix } = cidr;
  const network = networkOf(cidr);
  const shown = quote(text);

  if (prefix === 0)
    return { error: `${shown} covers every address, and the whole internet cannot be whitelisted: list the back ends the SIMs use` };
  if (prefix < family.broadest) {
    return {
      error: `${shown} is too broad: the broadest range allowed for IPv${family.version} is a /${family.broadest}; split it into /${family.broadest} or narrower ranges`,
    };
  }
  for (const range of RESERVED_RANGES) {
    if (!rangesIntersect(cidr, range.cidr)) continue;
    const inside = network >= networkOf(range.cidr) && lastOf(cidr) <= lastOf(range.cidr);
    const single = range.cidr.prefix === family.bits;
    const where = single ? `the ${range.name} address` : `the ${range.name} range ${range.shown}`;
    const verb = !inside ? 'includes' : single ? 'is' : 'is in';
    return { error: `${shown} ${verb} ${where}: ${range.name} addresses cannot be whitelisted` };
  }
  const canonical = formatCidr(family, network, prefix);
  if (network !== cidr.value) {
    return { error: `${shown} has host bits set after the /${prefix} prefix: did you mean ${canonical}?` };
  }
  return { address: canonical, cidr };
}

// ---------------------------------------------------------------------------------------------------------------
// Protocol and ports

function parseProtocol(raw: unknown): { protocol: TIpProtocol } | { error: string } {
  if (raw === undefined) return { protocol: 'ANY' };
  if (typeof raw === 'string' && (IP_PROTOCOLS as readonly string[]).includes(raw)) return { protocol: raw as TIpProtocol };
  return { error: `Protocol must be one of ${IP_PROTOCOLS.join(', ')} (ANY means both TCP and UDP)` };
}

const PORTS_FORMAT = `Ports must be one port (443), a range (8000-8100), or empty for every port`;

function parsePort(text: string): number | string {
  const port = Number(text);
  if (port < PORT_MIN) return `Port ${port} is not a usable port: ports run from ${PORT_MIN} to ${PORT_MAX}`;
  if (port > PORT_MAX)
    return `Port ${text.length > 6 ? `${text.slice(0, 6)}…` : port} is out of range: ports run from ${PORT_MIN} to ${PORT_MAX}`;
  return port;
}

function parsePorts(raw: unknown): { portFrom: number; portTo: number } | { error: string } {
  if (raw === undefined) return { portFrom: PORT_MIN, portTo: PORT_MAX };
  if (typeof raw !== 'string') return { error: PORTS_FORMAT };
  const text = raw.trim();
  if (text === '') return { portFrom: PORT_MIN, portTo: PORT_MAX };
  const match = /^(\d+)(?:[ ]*-[ ]*(\d+))?$/.exec(text);
  if (!match) return { error: PORTS_FORMAT };
  const from = parsePort(match[1]!);
  if (typeof from === 'string') return { error: from };
  if (match[2] === undefined) return { portFrom: from, portTo: from };
  const to = parsePort(match[2]);
  if (typeof to === 'string') return { error: to };
  if (from > to) return { error: `The port range ${from}-${to} runs backwards: write ${to}-${from}` };
  return { portFrom: from, portTo: to };
}

// ---------------------------------------------------------------------------------------------------------------
// Entries

/** One destination as typed → the stored entry, or every problem found, by field. */
export function parseIpEntry(input: TIpEntryInput): { entry: TIpEntry } | { errors: TFieldError[] } {
  const errors: TFieldError[] = [];
  const address = parseAddress(input?.address);
  if ('error' in address) errors.push({ field: 'address', message: address.error });
  const protocol = parseProtocol(input?.protocol);
  if ('error' in protocol) errors.push({ field: 'protocol', message: protocol.error });
  const ports = parsePorts(input?.ports);
  if ('error' in ports) errors.push({ field: 'ports', message: ports.error });
  if ('error' in address || 'error' in protocol || 'error' in ports) return { errors };
  return { entry: { address: address.address, protocol: protocol.protocol, portFrom: ports.portFrom, portTo: ports.portTo } };
}

function entryKey(entry: TIpEntry): string {
  return `${entry.address} ${entry.protocol} ${entry.portFrom}-${entry.portTo}`;
}

/**
 * A whole list as typed → the entries to store. Identical destinations are merged (the first kept, the others listed
 * in `merged`); overlapping but different ones are kept. More distinct valid entries than `limit` is one error on
 * 'entries'.
 */
export function normaliseIpEntries(inputs: TIpEntryInput[], limit: number): TIpEntriesResult {
  const result: TIpEntriesResult = { entries: [], merged: [], errors: [] };
  if (inputs.length === 0) {
    result.errors.push({ path: 'entries', message: 'Give at least one destination: an IP address or CIDR range the SIMs may reach' });
    return result;
  }
  const firstIndexByKey = new Map<string, number>();
  inputs.forEach((input, index) => {
    const parsed = parseIpEntry(input);
    if ('errors' in parsed) {
      for (const error of parsed.errors) result.errors.push({ path: `entries.${index}.${error.field}`, message: error.message });
      return;
    }
    const key = entryKey(parsed.entry);
    const first = firstIndexByKey.get(key);
    if (first !== undefined) {
      result.merged.push({ index, duplicateOf: first });
      return;
    }
    firstIndexByKey.set(key, index);
    result.entries.push(parsed.entry);
  });
  if (result.entries.length > limit) {
    const extra = result.entries.length - limit;
    result.errors.push({
      path: 'entries',
      message: `At most ${limit} ${limit === 1 ? 'destination is' : 'destinations are'} allowed in a group (the operator's limit): this list has ${result.entries.length}; remove ${extra} or put them in another group`,
    });
  }
  return result;
}

/** '10.1.2.0/24 TCP 443', '2001:db8::/48 UDP 5000-5100', '203.0.113.7/32 ANY all ports'. */
export function formatIpEntry(entry: TIpEntry): string {
  let ports: string;
  if (entry.portFrom === PORT_MIN && entry.portTo === PORT_MAX) ports = 'all ports';
  else if (entry.portFrom === entry.portTo) ports = String(entry.portFrom);
  else ports = `${entry.portFrom}-${entry.portTo}`;
  return `${entry.address} ${entry.protocol} ${ports}`;
}

function storedCidr(address: string): TCidr {
  const parsed = parseCidr(address);
  if ('error' in parsed) throw new Error(`Stored IP entry address is not a CIDR: ${address}`);
  return parsed.cidr;
}

/** Whether two stored entries overlap (same protocol or either ANY, address ranges intersect, port ranges intersect). */
export function ipEntriesOverlap(a: TIpEntry, b: TIpEntry): boolean {
  const protocols = a.protocol === b.protocol || a.protocol === 'ANY' || b.protocol === 'ANY';
  const ports = a.portFrom <= b.portTo && b.portFrom <= a.portTo;
  return protocols && ports && rangesIntersect(storedCidr(a.address), storedCidr(b.address));
}
