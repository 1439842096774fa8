import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenancyFixture, type TTenancyFixture } from '../../../test/fixtures';
import { API, createTestApp, FIXTURE_PASSWORD, makeRole, makeUser, type TTestApp } from '../../../test/test-app';
import { makeSims, type TMadeSim } from './sims-test-kit';

let t: TTestApp;
let f: TTenancyFixture;
let c1Sims: TMadeSim[];
let iSims: TMadeSim[];
let c1User: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildTenancyFixture(t);
  c1Sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL', 'BSNL'] });
  iSims = await makeSims(t, 1, { organizationId: f.orgs.I.id, status: 'ACTIVE', operators: ['VI'] });
  const role = await makeRole(t, 'Search SIMs', scopesFrom({ 'sim-inventory': [] }));
  await makeUser(t, { email: 'c1@sim-search.test', roleId: role.id, organizationId: f.orgs.C1.id });
  c1User = (await t.login('c1@sim-search.test', FIXTURE_PASSWORD)).token;
}, 60_000);
afterAll(async () => t.close());

const search = (term: string, token: string) =>
  t.call({ method: 'GET', url: `${API}/search/${encodeURIComponent(term)}?from=sims`, token });

describe('global search: SIMS', () => {
  it("finds a SIM by its ICCID, a provisioned ICCID or an MSISDN's last digits, in the console's shape", async () => {
    const staff = f.actors.staffAdmin.token;
    const expected = {
      id: expect.any(String),
      primary: { ICCID: c1Sims[0]!.iccid },
      provisioned: [{ ICCID: c1Sims[0]!.provisionedIccid }],
      profile: 'AIRTEL+BSNL',
      organization: { tradeName: 'Org C1' },
    };
    expect((await search(c1Sims[0]!.iccid, staff)).json().data.SIMS).toEqual([expected]);
    expect((await search(c1Sims[0]!.provisionedIccid!, staff)).json().data.SIMS).toEqual([expected]);
    expect((await search(c1Sims[0]!.msisdn.slice(-7), staff)).json().data.SIMS).toEqual([expected]);
  });

  it('is limited by tenancy and by the sim-inventory module', async () => {
    expect((await search(iSims[0]!.iccid, c1User)).json().data.SIMS).toEqual([]);
    expect((await search(c1Sims[1]!.iccid, c1User)).json().data.SIMS).toHaveLength(1);
    // The C1 admin's role has no SIM inventory.
    expect((await search(c1Sims[1]!.iccid, f.actors.c1Admin.token)).json().data.SIMS).toEqual([]);
  });

  it('words find no SIM', async () => {
    expect((await search('Org', f.actors.staffAdmin.token)).json().data.SIMS).toEqual([]);
  });
});
