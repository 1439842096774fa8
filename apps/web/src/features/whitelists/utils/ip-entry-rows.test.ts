import { describe, expect, it } from 'vitest';
import { entriesOfRows, rowFieldOf, rowOfEntry, rowsOfText, textOfRows, ZIpEntryRows } from './ip-entry-rows';

describe('IP entry rows', () => {
  it('reads a pasted list, a destination a line, in the forms people write them', () => {
    const text = [
      '10.1.2.0/24 TCP 443',
      '  2001:db8::/48, udp, 5000 - 5100',
      '',
      '# the meter head end',
      '203.0.113.7',
      '198.51.100.0/24 ANY all ports',
      '192.0.2.10 8080',
    ].join('\n');
    expect(rowsOfText(text)).toEqual([
      { address: '10.1.2.0/24', protocol: 'TCP', ports: '443' },
      { address: '2001:db8::/48', protocol: 'UDP', ports: '5000 - 5100' },
      { address: '203.0.113.7', protocol: 'ANY', ports: '' },
      { address: '198.51.100.0/24', protocol: 'ANY', ports: '' },
      { address: '192.0.2.10', protocol: 'ANY', ports: '8080' },
    ]);
  });

  it('keeps a line it cannot read as typed, for its row to say why', () => {
    expect(rowsOfText('10.1.2.0/24 TCP 80 81')).toEqual([{ address: '10.1.2.0/24', protocol: 'TCP', ports: '80 81' }]);
  });

  it('writes the rows back as lines, and stored entries as rows', () => {
    const rows = [
      rowOfEntry({ address: '10.1.2.0/24', protocol: 'TCP', portFrom: 443, portTo: 443 }),
      rowOfEntry({ address: '2001:db8::/48', protocol: 'UDP', portFrom: 5000, portTo: 5100 }),
      rowOfEntry({ address: '203.0.113.7/32', protocol: 'ANY', portFrom: 1, portTo: 65535 }),
      { address: ' ', protocol: 'ANY' as const, ports: '' },
    ];
    expect(textOfRows(rows)).toBe('10.1.2.0/24 TCP 443\n2001:db8::/48 UDP 5000-5100\n203.0.113.7/32 ANY');
    expect(rowsOfText(textOfRows(rows))).toEqual(rows.slice(0, 3));
  });

  it('sends one entry a row in its canonical form, every port as no ports', () => {
    expect(
      entriesOfRows([
        { address: ' 2001:DB8::/48 ', protocol: 'UDP', ports: '5000 - 5100' },
        { address: '203.0.113.7', protocol: 'ANY', ports: '' },
        { address: '203.0.113.7', protocol: 'ANY', ports: '1-65535' },
        { address: 'not an address', protocol: 'TCP', ports: '443' },
      ]),
    ).toEqual([
      { address: '2001:db8::/48', protocol: 'UDP', ports: '5000-5100' },
      { address: '203.0.113.7/32', protocol: 'ANY' },
      { address: '203.0.113.7/32', protocol: 'ANY' },
      { address: 'not an address', protocol: 'TCP', ports: '443' },
    ]);
  });

  it('puts each problem of the shared rules on its row and field', () => {
    const result = ZIpEntryRows.safeParse([
      { address: '10.1.2.0/24', protocol: 'TCP', ports: '443' },
      { address: '10.0.0.0/8', protocol: 'ANY', ports: '70000' },
    ]);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['1.address', expect.stringMatching(/^'10\.0\.0\.0\/8' is too broad/)],
      ['1.ports', 'Port 70000 is out of range: ports run from 1 to 65535'],
    ]);
    expect(ZIpEntryRows.safeParse([]).error!.issues[0]).toMatchObject({ path: [], message: expect.stringMatching(/^Give at least one/) });
  });

  it('finds the row of a server error', () => {
    expect(rowFieldOf('entries.1.ports')).toBe('rows.1.ports');
    expect(rowFieldOf('body.entries.3.address')).toBe('rows.3.address');
    expect(rowFieldOf('entries.2')).toBe('rows.2.address');
    expect(rowFieldOf('entries')).toBe('rows.root');
    expect(rowFieldOf('name')).toBeNull();
  });
});
