import { MESSAGES } from '@tarang/shared/common/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API, makeOrganization, makeUser } from '../../../test/test-app';

const { t, f } = routeTest({ tenancy: true });

beforeAll(async () => {
  // One "Kisan" organisation and user in each of C1, C2 and I, plus a staff user of that name.
  for (const key of ['C1', 'C2', 'I'] as const) {
    const org = await makeOrganization(t, `Kisan Agro ${key}`, f.orgs[key]);
    await makeUser(t, {
      firstName: `Kisan ${key}`,
      email: `kisan.${key.toLowerCase()}@search.test`,
      roleId: f.roles.basic.id,
      organizationId: org.id,
    });
  }
  await makeUser(t, { firstName: 'Kisan Staff', email: 'kisan.staff@search.test', roleId: f.roles.staffSupport.id, organizationId: null });
});

const search = (path: string, token: string) => t.call({ method: 'GET', url: `${API}/search/${path}`, token });

describe('GET /search/{term}?from=', () => {
  it('answers { SIMS, JOBS, ORGS, USERS } with the shapes the console links to', async () => {
    const res = await search('kisan?from=orgs,users&limit=20', f.actors.staffAdmin.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['JOBS', 'ORGS', 'SIMS', 'USERS']);
    expect(data.SIMS).toEqual([]);
    expect(data.JOBS).toEqual([]);
    expect(data.ORGS.map((o: { tradeName: string }) => o.tradeName).sort()).toEqual(['Kisan Agro C1', 'Kisan Agro C2', 'Kisan Agro I']);
    expect(data.ORGS[0]).toEqual({ id: expect.any(String), tradeName: expect.any(String), brandName: null, email: expect.any(String) });
    expect(data.USERS.map((u: { firstName: string }) => u.firstName).sort()).toEqual(['Kisan C1', 'Kisan C2', 'Kisan I', 'Kisan Staff']);
    const c1 = data.USERS.find((u: { firstName: string }) => u.firstName === 'Kisan C1');
    expect(c1).toEqual({
      id: expect.any(String),
      firstName: 'Kisan C1',
      lastName: 'Verma',
      email: 'kisan.c1@search.test',
      phone: null,
      organization: { tradeName: 'Kisan Agro C1' },
    });
    const staff = data.USERS.find((u: { firstName: string }) => u.firstName === 'Kisan Staff');
    expect(staff.organization).toBeNull();
  });

  it('is filtered by tenancy: an organisation user finds only what is in reach, never staff', async () => {
    const r = (await search('kisan?from=orgs,users&limit=20', f.actors.rAdmin.token)).json().data;
    expect(r.ORGS.map((o: { tradeName: string }) => o.tradeName).sort()).toEqual(['Kisan Agro C1', 'Kisan Agro C2']);
    expect(r.USERS.map((u: { firstName: string }) => u.firstName).sort()).toEqual(['Kisan C1', 'Kisan C2']);
    const c1 = (await search('kisan?from=orgs,users&limit=20', f.actors.c1Admin.token)).json().data;
    expect(c1.ORGS.map((o: { tradeName: string }) => o.tradeName)).toEqual(['Kisan Agro C1']);
    expect(c1.USERS.map((u: { firstName: string }) => u.firstName)).toEqual(['Kisan C1']);
  });

  it("is filtered by the caller's modules and by the from list", async () => {
    const viewer = (await search('kisan?from=orgs,users', f.actors.c1Viewer.token)).json();
    expect(viewer.data).toEqual({ SIMS: [], JOBS: [], ORGS: [], USERS: [] });
    const orgsOnly = (await search('kisan?from=orgs', f.actors.staffAdmin.token)).json().data;
    expect(orgsOnly.ORGS).toHaveLength(3);
    expect(orgsOnly.USERS).toEqual([]);
    const usersOnly = (await search('kisan?from=users', f.actors.staffAdmin.token)).json().data;
    expect(usersOnly.ORGS).toEqual([]);
    expect(usersOnly.USERS).toHaveLength(4);
    const everything = (await search('kisan?limit=20', f.actors.staffAdmin.token)).json().data;
    expect(everything.USERS).toHaveLength(4);
  });

  it('limits each group, and takes LIKE wildcards literally', async () => {
    const limited = (await search('kisan?from=users&limit=2', f.actors.staffAdmin.token)).json().data;
    expect(limited.USERS).toHaveLength(2);
    expect((await search('%25?from=orgs,users', f.actors.staffAdmin.token)).json().data).toEqual({
      SIMS: [],
      JOBS: [],
      ORGS: [],
      USERS: [],
    });
    expect((await search('_?from=orgs', f.actors.staffAdmin.token)).json().data.ORGS).toEqual([]);
  });

  it.each([
    ['an empty term', ''],
    ['a term of spaces', '%20%20%20'],
    ['a term of a tab', '%09'],
  ])(`%s answers 400 '${MESSAGES.emptySearch}'`, async (_label, term) => {
    const res = await search(`${term}?from=users`, f.actors.staffAdmin.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Enter a valid search term',
      errors: [{ path: 'term' }],
    });
  });

  it('400 for an unknown scope, a bad limit or an over-long term; 401 without a token', async () => {
    const scope = await search('kisan?from=users,planets', f.actors.staffAdmin.token);
    expect(scope.statusCode).toBe(400);
    expect(scope.json().errors[0].path).toBe('querystring.from');
    const limit = await search('kisan?limit=0', f.actors.staffAdmin.token);
    expect(limit.json().errors[0].path).toBe('querystring.limit');
    const long = await search('k'.repeat(101), f.actors.staffAdmin.token);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('term');
    expect((await t.call({ method: 'GET', url: `${API}/search/kisan` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `${API}/search/` })).statusCode).toBe(401);
  });
});
