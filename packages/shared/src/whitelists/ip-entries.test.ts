import { describe, expect, it } from 'vitest';
import {
  formatIpEntry,
  IP_PROTOCOLS,
  IPV4_BROADEST_PREFIX,
  IPV6_BROADEST_PREFIX,
  ipEntriesOverlap,
  normaliseIpEntries,
  parseIpEntry,
  type TIpEntry,
  type TIpEntryInput,
  type TIpProtocol,
} from './ip-entries';

/** The stored entry for one input, failing the test with the messages when it is rejected. */
function entryOf(input: TIpEntryInput): TIpEntry {
  const parsed = parseIpEntry(input);
  if ('errors' in parsed) throw new Error(`rejected ${JSON.stringify(input)}: ${JSON.stringify(parsed.errors)}`);
  return parsed.entry;
}

/** The errors for one input, failing the test when it is accepted. */
function errorsOf(input: TIpEntryInput): { field: string; message: string }[] {
  const parsed = parseIpEntry(input);
  if ('entry' in parsed) throw new Error(`accepted ${JSON.stringify(input)} as ${JSON.stringify(parsed.entry)}`);
  return parsed.errors;
}

const entry = (address: string, protocol: TIpProtocol = 'ANY', portFrom = 1, portTo = 65535): TIpEntry => ({
  address,
  protocol,
  portFrom,
  portTo,
});

describe('parseIpEntry: addresses', () => {
  it('allows prefixes no broader than /16 for IPv4 and /48 for IPv6', () => {
    expect(IPV4_BROADEST_PREFIX).toBe(16);
    expect(IPV6_BROADEST_PREFIX).toBe(48);
  });

  it.each([
    ['203.0.113.7', '203.0.113.7/32'],
    ['  203.0.113.7\t', '203.0.113.7/32'],
    ['203.0.113.7/32', '203.0.113.7/32'],
    ['10.1.0.0/16', '10.1.0.0/16'],
    ['10.1.2.0/24', '10.1.2.0/24'],
    ['198.51.100.128/25', '198.51.100.128/25'],
    ['0.0.0.1', '0.0.0.1/32'],
    ['126.255.255.255', '126.255.255.255/32'],
    ['128.0.0.0', '128.0.0.0/32'],
    ['169.253.255.255', '169.253.255.255/32'],
    ['169.255.0.0/16', '169.255.0.0/16'],
    ['223.255.255.255', '223.255.255.255/32'],
    ['240.0.0.1', '240.0.0.1/32'],
    ['255.255.255.254', '255.255.255.254/32'],
    // Private ranges: APN private networks use them.
    ['10.0.0.0/16', '10.0.0.0/16'],
    ['10.255.255.255', '10.255.255.255/32'],
    ['172.16.0.0/16', '172.16.0.0/16'],
    ['172.31.255.0/24', '172.31.255.0/24'],
    ['192.168.0.0/16', '192.168.0.0/16'],
    ['192.168.1.10', '192.168.1.10/32'],
    ['fc00::/48', 'fc00::/48'],
    ['fd12:3456:789a::1', 'fd12:3456:789a::1/128'],
    // IPv6: RFC 5952 canonical form, with the prefix.
    ['2001:db8::/48', '2001:db8::/48'],
    ['2001:DB8:0:0::/48', '2001:db8::/48'],
    ['2001:db8::1', '2001:db8::1/128'],
    ['2001:db8::1/128', '2001:db8::1/128'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1/128'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001/128', '2001:db8::1/128'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1/128'],
    ['2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1/128'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1/128'],
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1/128'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0/128'],
    ['::2:3:4:5:6:7:8', '0:2:3:4:5:6:7:8/128'],
    ['2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['2001:db8:ffff::/48', '2001:db8:ffff::/48'],
    ['fec0::1', 'fec0::1/128'],
    ['fe7f:ffff::1', 'fe7f:ffff::1/128'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221/128'],
    // IPv4-mapped IPv6 is its IPv4 address.
    ['::ffff:1.2.3.4', '1.2.3.4/32'],
    ['::FFFF:203.0.113.7/128', '203.0.113.7/32'],
    ['::ffff:0102:0304', '1.2.3.4/32'],
    ['0:0:0:0:0:ffff:10.1.2.0/120', '10.1.2.0/24'],
    ['::ffff:10.1.0.0/112', '10.1.0.0/16'],
  ])('accepts %j as %s', (address, canonical) => {
    expect(entryOf({ address }).address).toBe(canonical);
  });

  it.each([
    // Empty or not an address at all.
    ['', /Enter an IP address or CIDR range/],
    ['   ', /Enter an IP address or CIDR range/],
    ['/24', /has a prefix but no address: give the address before the '\/'/],
    ['example.com', /'example\.com' is not an IP address/],
    ['abc', /'abc' is not an IP address/],
    ['10.0.0.0 /24', /contains a space/],
    ['10.0.0.1\u0000', /control character/],
    ['10.0.0.1\u007f', /control character/],
    // IPv4.
    ['10.0.0.256', /'10\.0\.0\.256' is not a valid IPv4 address: 256 is more than 255/],
    ['10.0.0.999', /999 is more than 255/],
    ['10.0.0', /not a valid IPv4 address: it needs four numbers/],
    ['10.0.0.0.1', /it needs four numbers/],
    ['10..0.1', /a number is missing between the dots/],
    ['10.0.0.1000', /must be a number from 0 to 255/],
    ['010.1.1.1', /leading zero.*octal/],
    ['10.1.1.01', /'01' has a leading zero/],
    ['10.1.1.00', /'00' has a leading zero/],
    // Prefixes.
    ['1.2.3.4/33', /prefix \/33 is out of range: IPv4 prefixes run from \/0 to \/32/],
    ['2001:db8::/129', /prefix \/129 is out of range: IPv6 prefixes run from \/0 to \/128/],
    ['10.0.0.0/', /prefix after '\/' must be a whole number from 0 to 32/],
    ['10.0.0.0/024', /prefix after '\/' must be a whole number/],
    ['10.0.0.0/+24', /prefix after '\/' must be a whole number/],
    ['10.0.0.0/-1', /prefix after '\/' must be a whole number/],
    ['10.0.0.0/24/8', /prefix after '\/' must be a whole number/],
    ['2001:db8::/4a', /from 0 to 128 for IPv6/],
    // IPv6.
    ['2001:db8:::1', /'2001:db8:::1' is not a valid IPv6 address: a group is missing/],
    [':::', /not a valid IPv6 address/],
    ['1::2::3', /'::' may appear only once/],
    [':1::2', /a group is missing/],
    ['1:2:3:4:5:6:7:8:', /a group is missing/],
    ['1:2:3:4:5:6:7', /needs eight groups/],
    ['1:2:3:4:5:6:7:8:9', /needs eight groups/],
    ['1:2:3:4::5:6:7:8', /at least one zero group/],
    ['2001:db8::12345', /'12345' is not a group of 1 to 4 hexadecimal digits/],
    ['2001:db8::g', /'g' is not a group of 1 to 4 hexadecimal digits/],
    ['1.2.3.4::', /embedded IPv4 address may only come last/],
    ['::1.2.3.4:5', /embedded IPv4 address may only come last/],
    ['::ffff:1.2.3.256', /embedded IPv4 address is malformed: 256 is more than 255/],
    ['::ffff:1.2.3', /embedded IPv4 address is malformed: it needs four numbers/],
    ['fe80::1%eth0', /zone id/],
    ['fe80::1%25eth0/128', /zone id/],
    // Host bits.
    ['10.1.2.3/24', /host bits set.*did you mean 10\.1\.2\.0\/24\?/],
    ['10.1.2.3/16', /did you mean 10\.1\.0\.0\/16\?/],
    ['2001:db8::1/48', /host bits set.*did you mean 2001:db8::\/48\?/],
    ['::ffff:10.1.2.3/120', /did you mean 10\.1\.2\.0\/24\?/],
    // The whole internet, and ranges that are too broad.
    ['0.0.0.0/0', /whole internet cannot be whitelisted/],
    ['8.8.8.8/0', /whole internet cannot be whitelisted/],
    ['::/0', /whole internet cannot be whitelisted/],
    ['::ffff:0.0.0.0/96', /whole internet cannot be whitelisted/],
    ['10.0.0.0/8', /too broad: the broadest range allowed for IPv4 is a \/16/],
    ['10.0.0.0/15', /too broad.*\/16/],
    ['2001:db8::/32', /too broad: the broadest range allowed for IPv6 is a \/48/],
    ['2001:db8::/47', /too broad.*\/48/],
    // Ranges no destination may touch.
    ['127.0.0.1', /is in the loopback range 127\.0\.0\.0\/8: loopback addresses cannot be whitelisted/],
    ['127.255.255.255', /loopback/],
    ['127.0.0.0/16', /loopback/],
    ['127.0.0.1/24', /is in the loopback range/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::1', /is the loopback address: loopback addresses cannot be whitelisted/],
    ['0:0:0:0:0:0:0:1/128', /loopback/],
    ['169.254.1.1', /is in the link-local range 169\.254\.0\.0\/16/],
    ['169.254.0.0/16', /is in the link-local range/],
    ['fe80::1', /link-local range fe80::\/10/],
    ['fe80::/48', /link-local/],
    ['febf:ffff::1', /link-local/],
    ['224.0.0.1', /multicast range 224\.0\.0\.0\/4/],
    ['239.255.255.255', /multicast/],
    ['232.1.0.0/16', /multicast/],
    ['ff02::1', /multicast range ff00::\/8/],
    ['ff05:1::/48', /multicast/],
    ['0.0.0.0', /is the unspecified address: unspecified addresses cannot be whitelisted/],
    ['0.0.0.0/32', /unspecified/],
    ['::', /is the unspecified address/],
    ['::/128', /unspecified/],
    ['255.255.255.255', /is the broadcast address: broadcast addresses cannot be whitelisted/],
    // A CIDR that only overlaps one of them.
    ['0.0.0.0/16', /includes the unspecified address/],
    ['255.255.0.0/16', /includes the broadcast address/],
    ['::/48', /includes the unspecified address/],
    ['::/127', /includes the unspecified address/],
  ])('rejects the address %j', (address, message) => {
    const errors = errorsOf({ address });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.field).toBe('address');
    expect(errors[0]!.message).toMatch(message);
  });

  it('does not repeat a long or unprintable address back in the message', () => {
    const long = `${'1'.repeat(100)}.0.0.1`;
    expect(errorsOf({ address: long })[0]!.message).toMatch(/^The address is not a valid IPv4 address/);
    expect(errorsOf({ address: 'a'.repeat(5000) })[0]!.message).not.toContain('aaaa');
  });

  it('rejects an address that is not text instead of throwing', () => {
    expect(errorsOf({ address: undefined as unknown as string })[0]!.message).toMatch(/Enter an IP address/);
    expect(errorsOf({ address: 42 as unknown as string })[0]!.field).toBe('address');
  });
});

describe('parseIpEntry: protocol and ports', () => {
  it.each<[TIpProtocol | undefined, TIpProtocol]>([
    [undefined, 'ANY'],
    ...IP_PROTOCOLS.map((protocol): [TIpProtocol, TIpProtocol] => [protocol, protocol]),
  ])('takes the protocol %j as %s', (protocol, expected) => {
    expect(entryOf({ address: '203.0.113.7', protocol }).protocol).toBe(expected);
  });
  it('has no other protocols', () => {
    expect(IP_PROTOCOLS).toEqual(['TCP', 'UDP', 'ANY']);
  });

  it.each(['tcp', 'Udp', 'ICMP', '', ' TCP', null])('rejects the protocol %j', (protocol) => {
    const errors = errorsOf({ address: '203.0.113.7', protocol: protocol as unknown as TIpProtocol });
    expect(errors).toEqual([{ field: 'protocol', message: 'Protocol must be one of TCP, UDP, ANY (ANY means both TCP and UDP)' }]);
  });

  it.each([
    [undefined, 1, 65535],
    ['', 1, 65535],
    ['  ', 1, 65535],
    ['443', 443, 443],
    [' 443 ', 443, 443],
    ['1', 1, 1],
    ['65535', 65535, 65535],
    ['1-65535', 1, 65535],
    ['8000-8100', 8000, 8100],
    ['8000 - 8100', 8000, 8100],
    ['8000 -8100', 8000, 8100],
    ['80-80', 80, 80],
    ['0443', 443, 443],
  ])('takes the ports %j as %i..%i', (ports, portFrom, portTo) => {
    expect(entryOf({ address: '203.0.113.7', ports })).toMatchObject({ portFrom, portTo });
  });

  it.each([
    ['0', /Port 0 is not a usable port: ports run from 1 to 65535/],
    ['00', /Port 0 is not a usable port/],
    ['65536', /Port 65536 is out of range: ports run from 1 to 65535/],
    ['99999999999999999999', /Port 999999… is out of range/],
    ['0-100', /Port 0 is not a usable port/],
    ['100-65536', /Port 65536 is out of range/],
    ['443-80', /The port range 443-80 runs backwards: write 80-443/],
    ['abc', /Ports must be one port \(443\), a range \(8000-8100\), or empty for every port/],
    ['1-2-3', /Ports must be one port/],
    ['+443', /Ports must be one port/],
    ['4.5', /Ports must be one port/],
    ['-443', /Ports must be one port/],
    ['443-', /Ports must be one port/],
    ['80,443', /Ports must be one port/],
    ['80\t-\t443', /Ports must be one port/],
    ['all', /Ports must be one port/],
    [null, /Ports must be one port/],
    [443, /Ports must be one port/],
  ])('rejects the ports %j', (ports, message) => {
    const errors = errorsOf({ address: '203.0.113.7', ports: ports as unknown as string });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.field).toBe('ports');
    expect(errors[0]!.message).toMatch(message);
  });

  it('reports every field that is wrong at once', () => {
    expect(errorsOf({ address: '10.0.0', protocol: 'icmp' as TIpProtocol, ports: '0' }).map((e) => e.field)).toEqual([
      'address',
      'protocol',
      'ports',
    ]);
  });

  it('builds the stored entry from all three fields', () => {
    expect(entryOf({ address: '2001:DB8::/48', protocol: 'UDP', ports: '5000-5100' })).toEqual(entry('2001:db8::/48', 'UDP', 5000, 5100));
  });
});

describe('normaliseIpEntries', () => {
  it('asks for at least one destination', () => {
    expect(normaliseIpEntries([], 10)).toEqual({
      entries: [],
      merged: [],
      errors: [{ path: 'entries', message: expect.stringMatching(/^Give at least one destination/) }],
    });
  });

  it('keeps valid entries in input order, with errors at entries.<index>.<field>', () => {
    const result = normaliseIpEntries(
      [
        { address: '10.1.2.0/24', protocol: 'TCP', ports: '443' },
        { address: '10.0.0.256' },
        { address: '203.0.113.7', protocol: 'icmp' as TIpProtocol, ports: '443-80' },
        { address: '2001:db8::1' },
      ],
      10,
    );
    expect(result.entries).toEqual([entry('10.1.2.0/24', 'TCP', 443, 443), entry('2001:db8::1/128')]);
    expect(result.merged).toEqual([]);
    expect(result.errors).toEqual([
      { path: 'entries.1.address', message: expect.stringMatching(/256 is more than 255/) },
      { path: 'entries.2.protocol', message: expect.stringMatching(/Protocol must be one of/) },
      { path: 'entries.2.ports', message: expect.stringMatching(/runs backwards/) },
    ]);
  });

  it('merges identical destinations however they were written, and keeps overlapping ones', () => {
    const result = normaliseIpEntries(
      [
        { address: '10.0.0.1' },
        { address: '10.0.0.0/24', protocol: 'TCP' },
        { address: '10.0.0.1/32', protocol: 'ANY' },
        { address: ' ::ffff:10.0.0.1 ', ports: '1-65535' },
        { address: '10.0.0.1', protocol: 'TCP' },
        { address: '10.0.0.0/24', protocol: 'TCP', ports: '' },
        { address: '10.0.0.1', ports: '443' },
        { address: '2001:0db8:0000:0000:0000:0000:0000:0001' },
        { address: '2001:db8::1/128' },
      ],
      10,
    );
    expect(result.entries).toEqual([
      entry('10.0.0.1/32'),
      entry('10.0.0.0/24', 'TCP'),
      entry('10.0.0.1/32', 'TCP'),
      entry('10.0.0.1/32', 'ANY', 443, 443),
      entry('2001:db8::1/128'),
    ]);
    expect(result.merged).toEqual([
      { index: 2, duplicateOf: 0 },
      { index: 3, duplicateOf: 0 },
      { index: 5, duplicateOf: 1 },
      { index: 8, duplicateOf: 7 },
    ]);
    expect(result.errors).toEqual([]);
  });

  it('allows exactly the limit of distinct destinations and names the limit when there are more', () => {
    const four = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'].map((address) => ({ address }));
    expect(normaliseIpEntries(four.slice(0, 3), 3).errors).toEqual([]);
    const over = normaliseIpEntries(four, 3);
    expect(over.entries).toHaveLength(4);
    expect(over.errors).toEqual([
      { path: 'entries', message: expect.stringMatching(/^At most 3 destinations .*operator's limit.*has 4; remove 1/) },
    ]);
    expect(normaliseIpEntries(four.slice(0, 2), 1).errors[0]!.message).toMatch(/^At most 1 destination is allowed/);
    // Duplicates and rejected inputs do not count towards the limit.
    expect(normaliseIpEntries([...four.slice(0, 3), { address: '203.0.113.1/32' }, { address: 'nope' }], 3).errors).toEqual([
      { path: 'entries.4.address', message: expect.any(String) },
    ]);
  });
});

describe('formatIpEntry', () => {
  it.each([
    [entry('10.1.2.0/24', 'TCP', 443, 443), '10.1.2.0/24 TCP 443'],
    [entry('2001:db8::/48', 'UDP', 5000, 5100), '2001:db8::/48 UDP 5000-5100'],
    [entry('203.0.113.7/32', 'ANY'), '203.0.113.7/32 ANY all ports'],
    [entry('203.0.113.7/32', 'ANY', 1, 1), '203.0.113.7/32 ANY 1'],
    [entry('203.0.113.7/32', 'TCP', 65535, 65535), '203.0.113.7/32 TCP 65535'],
    [entry('203.0.113.7/32', 'TCP', 1, 65534), '203.0.113.7/32 TCP 1-65534'],
    [entry('203.0.113.7/32', 'TCP', 2, 65535), '203.0.113.7/32 TCP 2-65535'],
  ])('formats %j as %s', (value, text) => {
    expect(formatIpEntry(value)).toBe(text);
  });
});

describe('ipEntriesOverlap', () => {
  it.each([
    ['the same entry', entry('10.0.0.1/32', 'TCP', 443, 443), entry('10.0.0.1/32', 'TCP', 443, 443), true],
    ['ANY against TCP', entry('10.0.0.1/32', 'ANY'), entry('10.0.0.1/32', 'TCP', 443, 443), true],
    ['UDP against ANY', entry('10.0.0.1/32', 'UDP', 53, 53), entry('10.0.0.1/32', 'ANY'), true],
    ['TCP against UDP', entry('10.0.0.1/32', 'TCP'), entry('10.0.0.1/32', 'UDP'), false],
    ['a host inside a range', entry('10.0.0.0/24'), entry('10.0.0.77/32'), true],
    ['a range inside a range', entry('10.0.0.0/24'), entry('10.0.0.128/25'), true],
    ['neighbouring ranges', entry('10.0.0.0/25'), entry('10.0.0.128/25'), false],
    ['the last address of a range', entry('10.0.0.0/24'), entry('10.0.0.255/32'), true],
    ['the address after a range', entry('10.0.0.0/24'), entry('10.0.1.0/32'), false],
    ['port ranges sharing an end', entry('10.0.0.1/32', 'TCP', 1, 100), entry('10.0.0.1/32', 'TCP', 100, 200), true],
    ['port ranges side by side', entry('10.0.0.1/32', 'TCP', 1, 99), entry('10.0.0.1/32', 'TCP', 100, 200), false],
    ['overlapping addresses on other ports', entry('10.0.0.0/16', 'ANY', 443, 443), entry('10.0.3.0/24', 'ANY', 80, 80), false],
    ['every port against one', entry('10.0.0.0/16'), entry('10.0.3.0/24', 'TCP', 8080, 8080), true],
    ['IPv4 against IPv6', entry('10.0.0.1/32'), entry('2001:db8::1/128'), false],
    ['an IPv6 subnet in its site', entry('2001:db8::/48'), entry('2001:db8:0:1::/64'), true],
    ['two IPv6 sites', entry('2001:db8::/48'), entry('2001:db8:1::/48'), false],
    ['the last address of an IPv6 site', entry('2001:db8::/48'), entry('2001:db8:0:ffff:ffff:ffff:ffff:ffff/128'), true],
  ])('%s: %j and %j → %s', (_name, a, b, expected) => {
    expect(ipEntriesOverlap(a, b)).toBe(expected);
    expect(ipEntriesOverlap(b, a)).toBe(expected);
  });
});

describe('round trips', () => {
  /** A small seeded generator, so a failure repeats. */
  function random(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** The text formatIpEntry wrote, read back as an input. */
  function inputFromText(text: string): TIpEntryInput {
    const [address, protocol, ...rest] = text.split(' ');
    const ports = rest.join(' ');
    return { address: address!, protocol: protocol as TIpProtocol, ports: ports === 'all ports' ? '' : ports };
  }

  function randomPorts(next: () => number): string {
    const kind = Math.floor(next() * 3);
    if (kind === 0) return '';
    const a = 1 + Math.floor(next() * 65535);
    if (kind === 1) return String(a);
    const b = a + Math.floor(next() * (65536 - a));
    return `${a}-${b}`;
  }

  function isRejectedIpv4(octets: number[], prefix: number): boolean {
    const [a, b] = octets as [number, number];
    const all = octets.every((o) => o === 0) || octets.every((o) => o === 255);
    // 0.0.0.0 and 255.255.255.255 sit in any range that starts or ends on them.
    const lastIsBroadcast = a === 255 && b === 255 && prefix === 16;
    return (
      all || lastIsBroadcast || a === 127 || (a === 169 && b === 254) || (a >= 224 && a <= 239) || (a === 0 && b === 0 && prefix === 16)
    );
  }

  it('reads back 500 random IPv4 destinations from their formatted text', () => {
    const next = random(20261101);
    let checked = 0;
    while (checked < 500) {
      const prefix = IPV4_BROADEST_PREFIX + Math.floor(next() * (32 - IPV4_BROADEST_PREFIX + 1));
      const value = Math.floor(next() * 2 ** 32);
      const network = prefix === 0 ? 0 : (value >>> (32 - prefix)) * 2 ** (32 - prefix);
      const octets = [24, 16, 8, 0].map((shift) => Math.floor(network / 2 ** shift) % 256);
      if (isRejectedIpv4(octets, prefix)) continue;
      const cidr = `${octets.join('.')}/${prefix}`;
      const protocol = IP_PROTOCOLS[Math.floor(next() * IP_PROTOCOLS.length)]!;
      const stored = entryOf({ address: cidr, protocol, ports: randomPorts(next) });
      expect(stored.address).toBe(cidr);
      const text = formatIpEntry(stored);
      expect(text.startsWith(`${cidr} ${protocol} `)).toBe(true);
      expect(entryOf(inputFromText(text))).toEqual(stored);
      expect(normaliseIpEntries([inputFromText(text), inputFromText(text)], 1)).toEqual({
        entries: [stored],
        merged: [{ index: 1, duplicateOf: 0 }],
        errors: [],
      });
      checked++;
    }
  });

  /**
   * RFC 5952 written out another way: groups without leading zeros, then the longest run of two or more zero groups
   * (the first on a tie) replaced by '::'.
   */
  function rfc5952(full: string[]): string {
    const plain = full.map((g) => g.replace(/^0+(?=.)/, '')).join(':');
    let best: RegExpExecArray | undefined;
    for (const match of plain.matchAll(/(?<![0-9a-f])0(?::0)+(?![0-9a-f])/g)) {
      if (!best || match[0].length > best[0].length) best = match as RegExpExecArray;
    }
    if (!best) return plain;
    return `${plain.slice(0, best.index)}::${plain.slice(best.index + best[0].length)}`.replace(/:{3,}/, '::');
  }

  it('writes 500 random global IPv6 ranges in one canonical form, however they are typed', () => {
    const next = random(48);
    for (let i = 0; i < 500; i++) {
      // 2000::/3 (global unicast) holds none of the rejected ranges; a few zero groups make '::' likely.
      const groups = Array.from({ length: 8 }, (_, g) =>
        g === 0 ? 0x2000 + Math.floor(next() * 0x2000) : next() < 0.4 ? 0 : Math.floor(next() * 0x10000),
      );
      const prefix = IPV6_BROADEST_PREFIX + Math.floor(next() * (128 - IPV6_BROADEST_PREFIX + 1));
      let value = groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
      value &= ~((1n << BigInt(128 - prefix)) - 1n);
      const full = Array.from({ length: 8 }, (_, g) => ((value >> BigInt(112 - 16 * g)) & 0xffffn).toString(16).padStart(4, '0'));
      const typed = `${full.join(':').toUpperCase()}/${prefix}`;
      const stored = entryOf({ address: typed });
      expect(stored.address).toBe(`${rfc5952(full)}/${prefix}`);
      expect(entryOf({ address: stored.address })).toEqual(stored);
    }
  });
});
