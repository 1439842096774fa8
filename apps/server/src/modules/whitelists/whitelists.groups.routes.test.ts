import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { multipartBody } from '../sims/sims-test-kit';

const { t, tokens, orgs, rows } = routeTest({
  tenancy: true,
  roles: {
    'Whitelist desk': scopesFrom({ 'ip-group': true, 'number-group': true }),
    'Group reader': scopesFrom({ 'ip-group': [], 'number-group': [] }),
  },
  users: {
    c1Desk: { email: 'c1-desk@whitelists.test', role: 'Whitelist desk', org: 'C1' },
    rDesk: { email: 'r-desk@whitelists.test', role: 'Whitelist desk', org: 'R' },
    c2Reader: { email: 'c2-reader@whitelists.test', role: 'Group reader', org: 'C2' },
  },
});

let seq = 0;
const name = (prefix: string) => `${prefix} ${++seq}`;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) {
  return await t.call({ method, url: `${API}${path}`, token, payload });
}

async function newIpGroup(token: string, entries: object[], extra: object = {}) {
  return await call('POST', '/whitelist/ip-group', token, { name: name('Telemetry back end'), entries, ...extra });
}

describe('IP groups', () => {
  it('saves a group for review, merging duplicates and saying so; staff approve it and its entries become the applied ones', async () => {
    const res = await newIpGroup(tokens.c1Desk!, [
      { address: '203.0.113.0/24', protocol: 'TCP', ports: '443' },
      { address: '2001:0DB8:0000::/48', protocol: 'UDP', ports: '5000 - 5100' },
      { address: ' 203.0.113.0/24 ', protocol: 'TCP', ports: '443' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('IP group sent for approval; 1 duplicate entry merged');
    const { group, merged } = res.json().data;
    expect(merged).toEqual([{ index: 2, duplicateOf: 0 }]);
    expect(group).toMatchObject({ organizationId: orgs.C1!.id, reviewStatus: 'PENDING', status: 'ACTIVE', entries: [] });
    expect(group.proposedEntries).toEqual([
      { address: '203.0.113.0/24', protocol: 'TCP', portFrom: 443, portTo: 443 },
      { address: '2001:db8::/48', protocol: 'UDP', portFrom: 5000, portTo: 5100 },
    ]);

    // An organisation never approves its own group, whatever its role says.
    const own = await call('POST', `/whitelist/ip-group/${group.id}/approve`, tokens.c1Desk!);
    expect(own.statusCode).toBe(403);
    const approved = await call('POST', `/whitelist/ip-group/${group.id}/approve`, tokens.staff);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      reviewStatus: 'APPROVED',
      proposedEntries: null,
      reviewedBy: { label: expect.any(String) },
    });
    expect(approved.json().data.entries).toEqual(group.proposedEntries);
    const again = await call('POST', `/whitelist/ip-group/${group.id}/approve`, tokens.staff);
    expect(again.statusCode).toBe(409);

    // A change waits for review while the approved entries stay applied; a rejection keeps them and says why.
    const changed = await call('PUT', `/whitelist/ip-group/${group.id}`, tokens.c1Desk!, {
      entries: [{ address: '198.51.100.7', protocol: 'ANY' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe('Changes sent for approval');
    expect(changed.json().data.group).toMatchObject({
      reviewStatus: 'PENDING',
      entries: group.proposedEntries,
      proposedEntries: [{ address: '198.51.100.7/32', protocol: 'ANY', portFrom: 1, portTo: 65535 }],
    });
    const noReason = await call('POST', `/whitelist/ip-group/${group.id}/reject`, tokens.staff, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].path).toBe('reason');
    const rejected = await call('POST', `/whitelist/ip-group/${group.id}/reject`, tokens.staff, { reason: 'This address is not yours' });
    expect(rejected.statusCode).toBe(200);
    const seen = await call('GET', `/whitelist/ip-group/${group.id}`, tokens.c1Desk!);
    expect(seen.json().data).toMatchObject({
      reviewStatus: 'REJECTED',
      reviewReason: 'This address is not yours',
      entries: group.proposedEntries,
    });

    const audit = await rows<{ action: string }>(
      "SELECT action FROM audit_events WHERE entity_type = 'ip_group' AND entity_id = $1 ORDER BY seq",
      [group.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['ip_group.create', 'ip_group.approve', 'ip_group.update', 'ip_group.reject']);
  });

  it.each([
    ['a malformed address', { address: '10.0.0.256' }, 'entries.0.address'],
    ['a prefix broader than /16', { address: '10.0.0.0/8' }, 'entries.0.address'],
    ['the whole internet', { address: '0.0.0.0/0' }, 'entries.0.address'],
    ['loopback', { address: '127.0.0.1' }, 'entries.0.address'],
    ['link-local', { address: 'fe80::1' }, 'entries.0.address'],
    ['multicast', { address: '239.1.2.3' }, 'entries.0.address'],
    ['a port out of range', { address: '203.0.113.9', ports: '70000' }, 'entries.0.ports'],
    ['a backwards port range', { address: '203.0.113.9', ports: '443-80' }, 'entries.0.ports'],
  ])('refuses %s with a 422 naming the entry and field, and saves nothing', async (_what, entry, path) => {
    const before = await rows<{ n: number }>('SELECT count(*)::int AS n FROM ip_groups');
    const res = await newIpGroup(tokens.c1Desk!, [entry]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0].path).toBe(path);
    expect(await rows('SELECT count(*)::int AS n FROM ip_groups')).toEqual(before);
  });

  it('refuses a bad protocol as a request error naming it, no entries, and a NUL in the name', async () => {
    const protocol = await newIpGroup(tokens.c1Desk!, [{ address: '203.0.113.9', protocol: 'ICMP' }]);
    expect(protocol.statusCode).toBe(400);
    expect(protocol.json().errors[0].path).toBe('entries.0.protocol');
    const none = await newIpGroup(tokens.c1Desk!, []);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors[0].path).toBe('entries');
    const nul = await call('POST', '/whitelist/ip-group', tokens.c1Desk!, { name: 'Bad\u0000name', entries: [{ address: '203.0.113.9' }] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].path).toBe('name');
  });

  it('refuses more entries than the largest operator limit, and a name already used in the organisation (409)', async () => {
    // Every operator has its row once the gateways are read (an operator without one counts with the defaults).
    await call('GET', '/operator-gateway', tokens.staff);
    await rows('UPDATE operator_gateways SET whitelist_ip_limit = 2');
    try {
      const three = ['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((address) => ({ address }));
      const res = await newIpGroup(tokens.c1Desk!, three);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'entries', message: expect.stringMatching(/2/) }]);
    } finally {
      await rows('UPDATE operator_gateways SET whitelist_ip_limit = 50');
    }
    const first = await call('POST', '/whitelist/ip-group', tokens.c1Desk!, {
      name: 'Fleet servers',
      entries: [{ address: '203.0.113.4' }],
    });
    expect(first.statusCode).toBe(201);
    const twin = await call('POST', '/whitelist/ip-group', tokens.c1Desk!, {
      name: 'FLEET SERVERS',
      entries: [{ address: '203.0.113.5' }],
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors[0].path).toBe('name');
    // Another organisation may use the name.
    const elsewhere = await call('POST', '/whitelist/ip-group', tokens.rDesk!, {
      name: 'Fleet servers',
      entries: [{ address: '203.0.113.4' }],
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('staff name the organisation (422 otherwise); a parent makes one for its child; a stranger sees 404s', async () => {
    const staffWithout = await newIpGroup(tokens.staff, [{ address: '203.0.113.9' }]);
    expect(staffWithout.statusCode).toBe(422);
    expect(staffWithout.json().errors[0].path).toBe('organizationId');
    const forChild = await newIpGroup(tokens.rDesk!, [{ address: '203.0.113.9' }], { organizationId: orgs.C1!.id });
    expect(forChild.statusCode, forChild.body).toBe(201);
    const id = forChild.json().data.group.id;
    const upward = await newIpGroup(tokens.c1Desk!, [{ address: '203.0.113.9' }], { organizationId: orgs.R!.id });
    expect(upward.statusCode).toBe(404);
    expect(upward.json().errors[0].path).toBe('organizationId');

    for (const [method, path] of [
      ['GET', `/whitelist/ip-group/${id}`],
      ['PUT', `/whitelist/ip-group/${id}/status`],
    ] as const) {
      const res = await call(method, path, tokens.c2Reader!, method === 'PUT' ? { status: 'INACTIVE' } : undefined);
      expect([403, 404]).toContain(res.statusCode);
    }
    const list = await call('GET', '/whitelist/ip-group?limit=500', tokens.c2Reader!);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((g: { id: string }) => g.id)).not.toContain(id);
    expect((await call('GET', `/whitelist/ip-group/${id}`, tokens.c2Reader!)).statusCode).toBe(404);
  });

  it('changes status both ways, lists by review status, and deletes', async () => {
    const made = (await newIpGroup(tokens.c1Desk!, [{ address: '192.0.2.0/24', protocol: 'TCP', ports: '8883' }])).json().data.group;
    const off = await call('PUT', `/whitelist/ip-group/${made.id}/status`, tokens.c1Desk!, { status: 'INACTIVE' });
    expect(off.json().data.status).toBe('INACTIVE');
    const on = await call('PUT', `/whitelist/ip-group/${made.id}/status`, tokens.c1Desk!, { status: 'ACTIVE' });
    expect(on.json().data.status).toBe('ACTIVE');
    const pending = await call('GET', `/whitelist/ip-group?reviewStatus=PENDING&organizationId=${orgs.C1!.id}&limit=500`, tokens.staff);
    expect(pending.json().data.every((g: { reviewStatus: string }) => g.reviewStatus === 'PENDING')).toBe(true);
    expect(pending.json().data.map((g: { id: string }) => g.id)).toContain(made.id);
    const removed = await call('DELETE', `/whitelist/ip-group/${made.id}`, tokens.c1Desk!);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/whitelist/ip-group/${made.id}`, tokens.c1Desk!)).statusCode).toBe(404);
  });
});

describe('number groups', () => {
  it('stores numbers normalised, adds only new ones, deletes one typed another way, all audited', async () => {
    const res = await call('POST', '/whitelist/number-group', tokens.c1Desk!, {
      name: name('Control room'),
      numbers: ['+91 98765 43210', '5123456789012'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const group = res.json().data;
    expect(group).toMatchObject({ organizationId: orgs.C1!.id, numbersCount: 2 });

    const added = await call('POST', `/whitelist/number-group/${group.id}/numbers`, tokens.c1Desk!, {
      numbers: ['09876543210', '9123456780', '9123456780'],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ added: 1, alreadyThere: 1, rejected: [], group: { numbersCount: 3 } });
    expect(added.json().message).toBe('1 numbers added'.replace('1 numbers', '1 number'));

    const listed = await call('GET', `/whitelist/number-group/${group.id}/numbers?search=98765`, tokens.c1Desk!);
    expect(listed.json().data.map((n: { number: string }) => n.number)).toEqual(['+919876543210']);

    const gone = await call('DELETE', `/whitelist/number-group/${group.id}/numbers/${encodeURIComponent('98765-43210')}`, tokens.c1Desk!);
    expect(gone.statusCode, gone.body).toBe(200);
    const missing = await call(
      'DELETE',
      `/whitelist/number-group/${group.id}/numbers/${encodeURIComponent('+919876543210')}`,
      tokens.c1Desk!,
    );
    expect(missing.statusCode).toBe(404);
    const audit = await rows<{ action: string }>(
      "SELECT action FROM audit_events WHERE entity_type = 'number_group' AND entity_id = $1 ORDER BY seq",
      [group.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['number_group.create', 'number_group.add_numbers', 'number_group.delete_number']);
  });

  it('refuses the whole list when any number is bad (422 naming it), and a group past the operator limit', async () => {
    const group = (await call('POST', '/whitelist/number-group', tokens.c1Desk!, { name: name('Depot') })).json().data;
    const bad = await call('POST', `/whitelist/number-group/${group.id}/numbers`, tokens.c1Desk!, {
      numbers: ['9876543210', '+1 415 555 0100', '12345'],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['numbers.1', 'numbers.2']);
    expect((await call('GET', `/whitelist/number-group/${group.id}`, tokens.c1Desk!)).json().data.numbersCount).toBe(0);

    await call('GET', '/operator-gateway', tokens.staff);
    await rows('UPDATE operator_gateways SET whitelist_number_limit = 2');
    try {
      const over = await call('POST', `/whitelist/number-group/${group.id}/numbers`, tokens.c1Desk!, {
        numbers: ['9876543210', '9876543211', '9876543212'],
      });
      expect(over.statusCode).toBe(422);
      expect(over.json().errors[0].path).toBe('numbers');
      expect((await call('GET', `/whitelist/number-group/${group.id}`, tokens.c1Desk!)).json().data.numbersCount).toBe(0);
    } finally {
      await rows('UPDATE operator_gateways SET whitelist_number_limit = 100');
    }
  });

  it('a reader lists and reads but cannot add (403); a stranger gets 404', async () => {
    const group = (await call('POST', '/whitelist/number-group', tokens.c1Desk!, { name: name('Yard') })).json().data;
    expect((await call('POST', '/whitelist/number-group', tokens.c2Reader!, { name: name('Nope') })).statusCode).toBe(403);
    expect((await call('GET', `/whitelist/number-group/${group.id}`, tokens.c2Reader!)).statusCode).toBe(404);
    expect((await call('GET', `/whitelist/number-group/${group.id}/numbers`, tokens.c2Reader!)).statusCode).toBe(404);
    expect((await call('GET', `/whitelist/number-group/${group.id}`, tokens.rDesk!)).statusCode).toBe(200);
  });

  describe('Add Number from a CSV or XLSX file', () => {
    const upload = (id: string, fileName: string, content: Buffer | string, token = tokens.c1Desk!) =>
      t.call({ method: 'POST', url: `${API}/whitelist/number-group/${id}/numbers/file`, token, ...multipartBody(fileName, content) });
    const newGroup = async () => (await call('POST', '/whitelist/number-group', tokens.c1Desk!, { name: name('From a file') })).json().data;

    it('adds the good rows of a CSV and names each refused row by its line, with why; the file is audited', async () => {
      const group = await newGroup();
      const csv = [
        'Name,Number',
        'Pump 1,+91 98765 43210',
        'Pump 2,12345',
        ',',
        'Pump 3,5123456789012',
        'Pump 4,',
        'Pump 5,098765-43210',
        '',
      ].join('\r\n');
      const res = await upload(group.id, 'numbers.csv', csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('2 numbers added; 2 rows refused');
      expect(res.json().data).toMatchObject({
        added: 2,
        alreadyThere: 0,
        rejectedCount: 2,
        rejected: [
          { row: 3, value: '12345', message: expect.stringContaining('this one has 5') },
          { row: 6, value: '', message: 'No number in this row' },
        ],
        group: { numbersCount: 2 },
      });
      const listed = await call('GET', `/whitelist/number-group/${group.id}/numbers`, tokens.c1Desk!);
      expect(
        listed
          .json()
          .data.map((n: { number: string }) => n.number)
          .sort(),
      ).toEqual(['+919876543210', '5123456789012']);
      const [audit] = await rows<{ after: { fileName: string; rowsRefused: number; added: number } }>(
        "SELECT after FROM audit_events WHERE entity_id = $1 AND action = 'number_group.add_numbers'",
        [group.id],
      );
      expect(audit!.after).toMatchObject({ fileName: 'numbers.csv', rowsRefused: 2, added: 2 });
    });

    it('reads a first column without a header, and an XLSX whose numbers are text or whole numbers', async () => {
      const group = await newGroup();
      const plain = await upload(group.id, 'plain.csv', '9876500001\n9876500002\n');
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.json().data).toMatchObject({ added: 2, rejectedCount: 0 });

      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Numbers');
      ws.addRow(['Site', 'MSISDN']);
      ws.addRow(['Depot', '9876500002']);
      ws.addRow(['Gate', 9876500003]);
      ws.addRow(['Meter', 5999999999999]);
      ws.addRow(['Wrong', 'call me']);
      const res = await upload(group.id, 'numbers.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        added: 2,
        alreadyThere: 1,
        rejectedCount: 1,
        rejected: [{ row: 5, value: 'call me' }],
        group: { numbersCount: 4 },
      });
    });

    it('adds nothing from a file with no good number, past the group limit, or not CSV/XLSX — naming the file field', async () => {
      const group = await newGroup();
      const cases: [string, Buffer | string, number][] = [
        ['words.csv', 'number\nhello\n+1 415 555 0100\n', 422],
        ['empty.csv', '', 400],
        ['notes.pdf', '%PDF-1.4', 415],
        ['many.csv', Array.from({ length: 150 }, (_, i) => `98765${String(i).padStart(5, '0')}`).join('\n'), 422],
      ];
      for (const [fileName, content, status] of cases) {
        const res = await upload(group.id, fileName, content);
        expect(res.statusCode, `${fileName}: ${res.body}`).toBe(status);
        expect(res.json().errors[0].path).toBe('file');
      }
      const words = await upload(group.id, 'words.csv', 'number\nhello\n');
      expect(words.json().errors[1]).toEqual({ path: 'file.row.2', message: 'A phone number has digits only: remove the letters (hello)' });
      expect((await call('GET', `/whitelist/number-group/${group.id}`, tokens.c1Desk!)).json().data.numbersCount).toBe(0);
    });

    it("is 404 for a group outside the caller's reach and 403 for a reader, adding nothing", async () => {
      const group = await newGroup();
      expect((await upload(group.id, 'n.csv', '9876543210\n', tokens.c2Reader!)).statusCode).toBe(403);
      const stranger = await call('POST', '/whitelist/number-group', tokens.rDesk!, { name: name('Reseller'), organizationId: orgs.R!.id });
      expect(stranger.statusCode, stranger.body).toBe(201);
      expect((await upload(stranger.json().data.id, 'n.csv', '9876543210\n')).statusCode).toBe(404);
      expect((await call('GET', `/whitelist/number-group/${stranger.json().data.id}`, tokens.rDesk!)).json().data.numbersCount).toBe(0);
    });
  });
});
