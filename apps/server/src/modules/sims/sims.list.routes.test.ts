import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TOperator } from '@tarang/shared/sims/identifiers';
import { SIM_STATUSES, type TSimStatus } from '@tarang/shared/sims/sim.constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims, type TMadeSim } from './sims-test-kit';

const { t, f, tokens } = routeTest({
  tenancy: true,
  roles: { 'SIM desk': scopesFrom({ 'sim-inventory': true, 'sim-actions': true }) },
  users: {
    rUser: { email: 'r.sims@list.test', role: 'SIM desk', org: 'R' },
    c1User: { email: 'c1.sims@list.test', role: 'SIM desk', org: 'C1' },
  },
});
let sims: TMadeSim[];
/** What each SIM was made with, by index. */
const spec: {
  org: 'R' | 'C1' | 'C2' | 'G' | 'I' | null;
  status: TSimStatus;
  operators: TOperator[];
  expiresAt: Date | null;
  label: string | null;
  tags: string[];
  imeiLock: boolean;
}[] = [];

const N = 1200;
const DAY = 86_400_000;
const NOW = Date.now();

beforeAll(async () => {
  const orgs = [null, 'R', 'C1', 'C2', 'G', 'I'] as const;
  const ops: TOperator[] = ['AIRTEL', 'BSNL', 'VI'];
  for (let i = 0; i < N; i++) {
    const org = orgs[i % orgs.length]!;
    const status: TSimStatus = org === null ? 'IN_STOCK' : (['ALLOCATED', 'ACTIVE', 'SUSPENDED', 'BARRED'] as const)[i % 4]!;
    const operators: TOperator[] = i % 5 === 0 ? [ops[i % 3]!, ops[(i + 1) % 3]!] : [ops[i % 3]!];
    spec.push({
      org,
      status,
      operators,
      // Some share an expiry (ties broken by id), some have none.
      expiresAt: i % 7 === 0 ? null : new Date(NOW + ((i % 50) + 1) * DAY),
      label: i % 3 === 0 ? `Truck ${i}` : i % 3 === 1 ? `meter ${i}` : null,
      tags: i % 4 === 0 ? ['fleet'] : i % 4 === 1 ? ['pilot', 'north'] : [],
      imeiLock: i % 6 === 1,
    });
  }
  sims = await makeSims(t, N, (i) => {
    const s = spec[i]!;
    return {
      organizationId: s.org ? f.orgs[s.org].id : null,
      status: s.status,
      operators: s.operators,
      expiresAt: s.expiresAt,
      label: s.label,
      tags: s.tags,
      imeiLock: s.imeiLock,
      // Pairs share a creation time, so the second key decides.
      createdAt: new Date(NOW - Math.floor(i / 2) * 1000),
    };
  });
}, 120_000);

const list = (query: string, token = tokens.staff) => t.call({ method: 'GET', url: `${API}/sim?${query}`, token });

/** Every page of a list, following nextCursor; returns the primary ICCIDs in order. */
async function walk(query: string, token = tokens.staff, limit = 97): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 200; guard++) {
    const res = await list(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    out.push(...body.data.map((s: { iccid: string }) => s.iccid));
    cursor = body.meta.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('too many pages');
}

const indexesWhere = (pred: (s: (typeof spec)[number], i: number) => boolean) =>
  spec.map((s, i) => (pred(s, i) ? i : -1)).filter((i) => i >= 0);
const iccidsOf = (idx: number[]) => idx.map((i) => sims[i]!.iccid);
const sorted = (a: string[]) => [...a].sort();

describe('GET /sim: keyset pages', () => {
  it.each([
    'iccid',
    '-iccid',
    'createdAt',
    '-createdAt',
    'expiresAt',
    '-expiresAt',
    'status',
    '-status',
  ])('sort=%s walks every SIM once, in order, with no gaps or repeats', async (sort) => {
    const got = await walk(`sort=${sort}`);
    expect(got).toHaveLength(N);
    expect(new Set(got).size).toBe(N);
    expect(sorted(got)).toEqual(sorted(sims.map((s) => s.iccid)));
    const index = new Map(sims.map((s, i) => [s.iccid, i]));
    const key = (iccid: string): string => {
      const s = spec[index.get(iccid)!]!;
      const i = index.get(iccid)!;
      if (sort.endsWith('iccid')) return iccid;
      if (sort.endsWith('status')) return `${s.status}|${iccid}`;
      // Ties (two SIMs share each creation time, several an expiry) are broken by ICCID, in the same direction.
      if (sort.endsWith('createdAt')) return `${String(NOW - Math.floor(i / 2) * 1000).padStart(15, '0')}|${iccid}`;
      return s.expiresAt ? `${String(s.expiresAt.getTime()).padStart(15, '0')}|${iccid}` : `z|${iccid}`;
    };
    const keys = got.map(key);
    const dated = keys.filter((k) => !k.startsWith('z|')).sort();
    const undated = keys.filter((k) => k.startsWith('z|')).sort();
    if (sort.startsWith('-')) {
      dated.reverse();
      undated.reverse();
    }
    // Sorted by expiry either way, SIMs without one come last.
    expect(keys).toEqual([...dated, ...undated]);
  });

  it('answers the page shape with profiles, the derived profile label and the organisation', async () => {
    const res = await list(`search=${sims[0]!.iccid}`);
    const sim = res.json().data[0];
    expect(sim).toMatchObject({
      iccid: sims[0]!.iccid,
      primary: { ICCID: sims[0]!.iccid, IMSI: sims[0]!.imsi, MSISDN: sims[0]!.msisdn, operator: 'AIRTEL' },
      provisioned: [{ ICCID: sims[0]!.provisionedIccid, operator: 'BSNL' }],
      profile: 'AIRTEL+BSNL',
      status: 'IN_STOCK',
      organization: null,
      version: 1,
    });
  });

  it('gives an exact total up to 500 and an estimate above, and says which', async () => {
    const all = (await list('limit=5')).json().meta;
    expect(all.totalIsEstimate).toBe(true);
    expect(all.total).toBeGreaterThan(500);
    const some = (await list('limit=5&status=IN_STOCK')).json().meta;
    expect(some).toMatchObject({ total: N / 6, totalIsEstimate: false, limit: 5 });
  });

  it('refuses a cursor made for another sort, a forged cursor, and a limit over 500', async () => {
    const first = (await list('sort=iccid&limit=2')).json().meta.nextCursor;
    const other = await list(`sort=createdAt&cursor=${first}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].path).toBe('querystring.cursor');
    expect((await list('cursor=bm9wZQ')).statusCode).toBe(400);
    // A cursor whose tie-breaker is not an ICCID (an id, as cursors of an earlier version carried) is refused too.
    const stale = Buffer.from(JSON.stringify({ k: 'createdAt', v: [new Date(NOW).toISOString(), 'a1b2c3d4e5f6a1b2c3d4e5f6'] })).toString(
      'base64url',
    );
    expect((await list(`sort=createdAt&cursor=${stale}`)).statusCode).toBe(400);
    expect((await list('limit=501')).json().errors[0].path).toBe('querystring.limit');
    expect((await list('sort=imsi')).json().errors[0].path).toBe('querystring.sort');
  });
});

describe('GET /sim: filters', () => {
  const expectFilter = async (query: string, pred: (s: (typeof spec)[number], i: number) => boolean, token = tokens.staff) => {
    const got = await walk(query, token, 500);
    const want = iccidsOf(indexesWhere(pred));
    expect(want.length).toBeGreaterThan(0);
    expect(sorted(got)).toEqual(sorted(want));
  };

  it('status (one or several)', async () => {
    await expectFilter('status=BARRED', (s) => s.status === 'BARRED');
    await expectFilter('status=ACTIVE,SUSPENDED', (s) => s.status === 'ACTIVE' || s.status === 'SUSPENDED');
  });
  it('operator matches any profile', async () => {
    await expectFilter('operator=VI', (s) => s.operators.includes('VI'));
  });
  it('organizationId includes its descendants', async () => {
    await expectFilter(`organizationId=${f.orgs.C1.id}`, (s) => s.org === 'C1' || s.org === 'G');
    await expectFilter(`organizationId=${f.orgs.R.id}`, (s) => ['R', 'C1', 'C2', 'G'].includes(s.org ?? ''));
  });
  it('inStock', async () => {
    await expectFilter('inStock=true', (s) => s.org === null);
  });
  it('expiry range', async () => {
    const from = new Date(NOW + 10 * DAY).toISOString();
    const to = new Date(NOW + 20 * DAY).toISOString();
    await expectFilter(
      `expiresFrom=${encodeURIComponent(from)}&expiresTo=${encodeURIComponent(to)}`,
      (s) => !!s.expiresAt && s.expiresAt.getTime() >= Date.parse(from) && s.expiresAt.getTime() <= Date.parse(to),
    );
  });
  it('imeiLock', async () => {
    await expectFilter('imeiLock=true', (s) => s.imeiLock);
    await expectFilter('imeiLock=false', (s) => !s.imeiLock);
  });
  it('tag', async () => {
    await expectFilter('tag=north', (s) => s.tags.includes('north'));
  });
  it('label prefix, case-insensitive', async () => {
    await expectFilter('label=truck%201', (s) => !!s.label && s.label.toLowerCase().startsWith('truck 1'));
  });
  it('planId', async () => {
    const plan = 'abcdefabcdefabcdefabcdef';
    const chosen = [3, 9, 15].map((i) => sims[i]!.iccid);
    await t.database.pool.query('UPDATE sims SET plan_id = $1 WHERE primary_iccid = ANY($2)', [plan, chosen]);
    expect(sorted(await walk(`planId=${plan}`))).toEqual(sorted(chosen));
    expect(await walk('planId=000000000000000000000000')).toEqual([]);
    await t.database.pool.query('UPDATE sims SET plan_id = NULL WHERE plan_id = $1', [plan]);
  });
  it('filters combine', async () => {
    await expectFilter(
      `status=ACTIVE&operator=AIRTEL&organizationId=${f.orgs.R.id}&tag=pilot`,
      (s) =>
        s.status === 'ACTIVE' && s.operators.includes('AIRTEL') && ['R', 'C1', 'C2', 'G'].includes(s.org ?? '') && s.tags.includes('pilot'),
    );
  });
  it('an unknown status or operator is a 400 naming the field', async () => {
    expect((await list('status=LOST')).json().errors[0].path).toBe('querystring.status');
    expect((await list('operator=JIO')).json().errors[0].path).toBe('querystring.operator');
    expect(SIM_STATUSES).toContain('PENDING_ACTIVE');
  });
});

describe('GET /sim: search by any profile identifier', () => {
  it('ICCID prefix', async () => {
    const prefix = sims[10]!.iccid.slice(0, 17);
    const got = await walk(`search=${prefix}`);
    const want = sims
      .flatMap((s) => [s.iccid.startsWith(prefix) || s.provisionedIccid?.startsWith(prefix) ? s.iccid : null])
      .filter(Boolean);
    expect(sorted(got)).toEqual(sorted(want as string[]));
    expect(got).toContain(sims[10]!.iccid);
  });
  it('ICCID suffix: the last digits printed on the card', async () => {
    const target = sims[123]!;
    const tail = target.iccid.slice(-6);
    const got = await walk(`search=${tail}`);
    expect(got).toContain(target.iccid);
    // Everything found has an identifier that ends (ICCID, MSISDN) or starts (any) with the digits.
    const matches = (s: TMadeSim) =>
      [s.iccid, s.provisionedIccid ?? '', s.msisdn].some((v) => v.endsWith(tail)) ||
      [s.iccid, s.provisionedIccid ?? '', s.imsi].some((v) => v.startsWith(tail)) ||
      s.msisdn.startsWith(`+91${tail}`);
    const want = sims.filter(matches).map((s) => s.iccid);
    expect(sorted(got)).toEqual(sorted(want));
    expect(await walk(`search=${target.iccid.slice(-3)}`)).not.toContain(target.iccid);
  });
  it('a provisioned profile ICCID finds its SIM', async () => {
    const dual = sims[5]!;
    expect(dual.provisionedIccid).toBeDefined();
    expect(await walk(`search=${dual.provisionedIccid}`)).toEqual([dual.iccid]);
  });
  it('IMSI prefix', async () => {
    expect(await walk(`search=${sims[42]!.imsi}`)).toEqual([sims[42]!.iccid]);
  });
  it('MSISDN: in E.164, without +, national, and by its last digits', async () => {
    const m = sims[77]!.msisdn; // +915…
    expect(await walk(`search=${encodeURIComponent(m)}`)).toEqual([sims[77]!.iccid]);
    expect(await walk(`search=${m.slice(1)}`)).toEqual([sims[77]!.iccid]);
    expect(await walk(`search=${m.slice(3)}`)).toEqual([sims[77]!.iccid]);
    expect(await walk(`search=${m.slice(-8)}`)).toContain(sims[77]!.iccid);
  });
  it('search is limited by tenancy', async () => {
    const foreign = sims[spec.findIndex((s) => s.org === 'I')]!;
    expect(await walk(`search=${foreign.iccid}`, tokens.c1User)).toEqual([]);
    expect(await walk(`search=${foreign.iccid}`)).toEqual([foreign.iccid]);
  });
  it('letters are a 400', async () => {
    expect((await list('search=abc')).json().errors[0].path).toBe('querystring.search');
  });
});

describe('tenancy', () => {
  it("an organisation user lists only their subtree's SIMs", async () => {
    const got = await walk('sort=iccid', tokens.c1User, 500);
    expect(sorted(got)).toEqual(sorted(iccidsOf(indexesWhere((s) => s.org === 'C1' || s.org === 'G'))));
    const r = await walk('sort=iccid', tokens.rUser, 500);
    expect(sorted(r)).toEqual(sorted(iccidsOf(indexesWhere((s) => ['R', 'C1', 'C2', 'G'].includes(s.org ?? '')))));
  });
  it('filtering by an organisation out of reach is a 404', async () => {
    const res = await list(`organizationId=${f.orgs.C2.id}`, tokens.c1User);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].path).toBe('organizationId');
  });
  it("GET /sim/{iccid}: own and descendants' SIMs answer; a sibling's, a parent's, a foreign one and stock answer 404", async () => {
    const of = (org: (typeof spec)[number]['org']) => sims[spec.findIndex((s) => s.org === org)]!.iccid;
    const get = (iccid: string, token = tokens.c1User) => t.call({ method: 'GET', url: `${API}/sim/${iccid}`, token });
    expect((await get(of('C1'))).statusCode).toBe(200);
    expect((await get(of('G'))).statusCode).toBe(200);
    for (const org of ['C2', 'R', 'I', null] as const) {
      const res = await get(of(org));
      expect(res.statusCode, String(org)).toBe(404);
      expect(res.json().message).toBe('SIM not found');
    }
    expect((await get(of('I'), tokens.staff)).statusCode).toBe(200);
    expect((await get('8991000000000000000')).statusCode).toBe(404);
    expect((await get('12345')).statusCode).toBe(400);
  });
  it('GET /sim/{iccid} by a provisioned ICCID answers the SIM with its organisation', async () => {
    const i = spec.findIndex((s, n) => s.org === 'C1' && n % 5 === 0);
    const res = await t.call({ method: 'GET', url: `${API}/sim/${sims[i]!.provisionedIccid}`, token: tokens.c1User });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      iccid: sims[i]!.iccid,
      organization: { id: f.orgs.C1.id, tradeName: 'Org C1' },
      history: [],
    });
  });
});
