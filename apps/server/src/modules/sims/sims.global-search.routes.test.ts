import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims, type TMadeSim } from './sims-test-kit';

const { t, f, tokens } = routeTest({
  tenancy: true,
  roles: { 'Search SIMs': scopesFrom({ 'sim-inventory': [] }) },
  users: { c1User: { email: 'c1@sim-search.test', role: 'Search SIMs', org: 'C1' } },
});
let c1Sims: TMadeSim[];
let iSims: TMadeSim[];

beforeAll(async () => {
  c1Sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL', 'BSNL'] });
  iSims = await makeSims(t, 1, { organizationId: f.orgs.I.id, status: 'ACTIVE', operators: ['VI'] });
});

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
    expect((await search(iSims[0]!.iccid, tokens.c1User)).json().data.SIMS).toEqual([]);
    expect((await search(c1Sims[1]!.iccid, tokens.c1User)).json().data.SIMS).toHaveLength(1);
    // The C1 admin's role has no SIM inventory.
    expect((await search(c1Sims[1]!.iccid, f.actors.c1Admin.token)).json().data.SIMS).toEqual([]);
  });

  it('words find no SIM', async () => {
    expect((await search('Org', f.actors.staffAdmin.token)).json().data.SIMS).toEqual([]);
  });
});
