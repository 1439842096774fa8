import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/fixtures';
import { routeTest } from '../../../test/route-test';
import { API, FIXTURE_PASSWORD, makeSignedInUser, makeUser } from '../../../test/test-app';

const { t, f, tokens, rows } = routeTest({ tenancy: true });

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Meera',
    lastName: 'Iyer',
    email: uniqueEmail('meera'),
    role: f.roles.basic.id,
    organizationId: f.orgs.C1.id,
    ...overrides,
  };
}

async function createUser(payload: Record<string, unknown>, token = tokens.staff) {
  return await t.call({ method: 'POST', url: `${API}/users`, token, payload });
}

/** The answer to POST /users names no user: the tests find the new one by its address, as a client does. */
async function created(address: unknown) {
  const res = await t.call({ method: 'GET', url: `${API}/users?search=${encodeURIComponent(String(address))}`, token: tokens.staff });
  const found = res.json().data;
  expect(found, `no user with ${String(address)}`).toHaveLength(1);
  return found[0];
}

describe('POST /users', () => {
  it('creates a user with a sealed initial password: ACTIVE, signs in, organisation shown as { id, tradeName, brandName, email }', async () => {
    const [password] = await t.seal('Kesari-Chai-2024!');
    const payload = newUser({ password, phone: '+919812345670' });
    const res = await createUser(payload);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ success: true, message: 'User created' });
    const body = { data: await created(payload.email) };
    expect(body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      firstName: 'Meera',
      lastName: 'Iyer',
      avatar: null,
      email: payload.email,
      phone: '+919812345670',
      status: 'ACTIVE',
      role: { id: f.roles.basic.id, name: 'Basic' },
      organization: { id: f.orgs.C1.id, tradeName: 'Org C1', brandName: null, email: f.orgs.C1.email },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
    const session = await t.login(payload.email as string, 'Kesari-Chai-2024!');
    expect(session.data.user.id).toBe(body.data.id);
    // Nothing to invite: no message queued.
    expect(await rows('SELECT id FROM outbox_messages WHERE recipient = $1', [payload.email])).toEqual([]);
  });

  it('without a password the user is INVITED, an invitation waits in the outbox, and its link sets the password', async () => {
    const payload = newUser();
    const res = await createUser(payload);
    expect(res.statusCode).toBe(202);
    expect((await created(payload.email)).status).toBe('INVITED');
    const [mail] = await rows<{ channel: string; template: string; subject: string; body: string }>(
      'SELECT channel, template, subject, body FROM outbox_messages WHERE recipient = $1',
      [payload.email],
    );
    expect(mail).toMatchObject({ channel: 'EMAIL', template: 'invitation', subject: 'You are invited to Tarang' });
    const token = /\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    expect(token).toBeTruthy();
    const [password] = await t.seal('Nimbu-Pani-Summer-9');
    const reset = await t.call({ method: 'POST', url: `${API}/auth/reset-password?token=${token}`, payload: { password } });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await t.login(payload.email as string, 'Nimbu-Pani-Summer-9');
    expect(session.data.user.status).toBe('ACTIVE');
  });

  it('an invitation goes by SMS when the user has only a phone number', async () => {
    const res = await createUser(newUser({ email: undefined, phone: '+919812345671' }));
    expect(res.statusCode, res.body).toBe(202);
    const [sms] = await rows<{ channel: string }>('SELECT channel FROM outbox_messages WHERE recipient = $1', ['+919812345671']);
    expect(sms?.channel).toBe('SMS');
  });

  it('an organisation tokens.staff creates users in their own organisation by default', async () => {
    const { organizationId: _omit, ...payload } = newUser();
    const res = await createUser(payload, f.actors.c1Admin.token);
    expect(res.statusCode, res.body).toBe(202);
    expect((await created(payload.email)).organization.id).toBe(f.orgs.C1.id);
  });

  it('staff create staff users with a staff role, not with an organisation role (and the reverse)', async () => {
    const staffUser = newUser({ organizationId: null, role: f.roles.staffSupport.id });
    const staff = await createUser(staffUser);
    expect(staff.statusCode, staff.body).toBe(202);
    expect((await created(staffUser.email)).organization).toBeNull();
    const wrongForStaff = await createUser(newUser({ organizationId: null, role: f.roles.basic.id }));
    expect(wrongForStaff.statusCode).toBe(400);
    expect(wrongForStaff.json().errors).toEqual([{ path: 'role', message: 'Staff users need a staff role' }]);
    const wrongForOrg = await createUser(newUser({ role: f.roles.staffSupport.id }));
    expect(wrongForOrg.statusCode).toBe(400);
    expect(wrongForOrg.json().errors[0].path).toBe('role');
  });

  it("a role owned by one organisation cannot be given in another (but can in the owner's descendants)", async () => {
    const other = await createUser(newUser({ organizationId: f.orgs.C2.id, role: f.ownRoles.C1.id }));
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([{ path: 'role', message: 'This role belongs to another organisation' }]);
    const descendant = await createUser(newUser({ organizationId: f.orgs.G.id, role: f.ownRoles.C1.id }));
    expect(descendant.statusCode, descendant.body).toBe(202);
  });

  it('refuses a password sent in clear, a short one and a common one', async () => {
    const clear = await createUser(newUser({ password: 'plain-text-password' }));
    expect(clear.statusCode).toBe(400);
    expect(clear.json().errors[0].path).toBe('password');
    // One login-key nonce per sealed value.
    const [short] = await t.seal('abc');
    const [common] = await t.seal('password123');
    const tooShort = await createUser(newUser({ password: short }));
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().errors).toEqual([{ path: 'password', message: 'Password Must be atleast 8 character' }]);
    const tooCommon = await createUser(newUser({ password: common }));
    expect(tooCommon.statusCode, tooCommon.body).toBe(422);
    expect(tooCommon.json().errors[0].path).toBe('password');
  });

  it('a duplicate e-mail (any case) or phone is 409 naming the field, and nothing is written', async () => {
    const first = newUser({ phone: '+919812345672' });
    expect((await createUser(first)).statusCode).toBe(202);
    const sameEmail = await createUser(newUser({ email: (first.email as string).toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'CONFLICT', errors: [{ path: 'email', message: 'This email is already in use' }] });
    const samePhone = await createUser(newUser({ phone: '+919812345672' }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().errors).toEqual([{ path: 'phone', message: 'This phone number is already in use' }]);
    expect(await rows('SELECT id FROM users WHERE phone = $1', ['+919812345672'])).toHaveLength(1);
  });

  it("an address held by an account out of the caller's reach is answered as a new one: nothing is created, its owner is told", async () => {
    const c1Admin = f.actors.c1Admin.token;
    const fresh = await createUser(newUser(), c1Admin);
    expect(fresh.statusCode, fresh.body).toBe(202);
    // C2 is a sibling of C1, I is foreign; the staff support user has no organisation.
    const [password] = await t.seal('Adrak-Chai-Morning-5');
    const strangers = [
      { payload: newUser({ email: f.members.C2.email }), owner: f.members.C2.id, channel: 'EMAIL' },
      { payload: newUser({ email: f.actors.iAdmin.email.toUpperCase(), password }), owner: f.actors.iAdmin.userId, channel: 'EMAIL' },
      { payload: newUser({ email: f.actors.staffSupport.email }), owner: f.actors.staffSupport.userId, channel: 'EMAIL' },
    ];
    const phoneOwner = await makeUser(t, { phone: '+919812345699', roleId: f.roles.basic.id, organizationId: f.orgs.I.id });
    strangers.push({ payload: newUser({ email: undefined, phone: '+919812345699' }), owner: phoneOwner.id, channel: 'SMS' });
    const [{ n: usersBefore }] = (await rows<{ n: number }>('SELECT count(*)::int AS n FROM users')) as [{ n: number }];
    for (const { payload, owner, channel } of strangers) {
      const res = await createUser(payload, c1Admin);
      expect(res.statusCode, res.body).toBe(fresh.statusCode);
      expect(res.json()).toEqual(fresh.json());
      expect(Object.keys(res.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
      const [notice] = await rows<{ channel: string; template: string; body: string; recipient_user_id: string }>(
        "SELECT channel, template, body, recipient_user_id FROM outbox_messages WHERE recipient_user_id = $1 AND template = 'address-in-use'",
        [owner],
      );
      expect(notice).toMatchObject({ channel, recipient_user_id: owner });
      expect(notice!.body).toContain('the organisation Org C1');
    }
    const [{ n: usersAfter }] = (await rows<{ n: number }>('SELECT count(*)::int AS n FROM users')) as [{ n: number }];
    expect(usersAfter).toBe(usersBefore);
    // The owner keeps their own password; the one sent along set nothing.
    await expect(t.login(f.actors.iAdmin.email, 'Adrak-Chai-Morning-5')).rejects.toThrow(/401/);
    expect((await t.login(f.actors.iAdmin.email, FIXTURE_PASSWORD)).token).toBeTruthy();
    // What happened is in each owner's organisation's trail (staff: the platform's), never in the caller's.
    const trail = await rows<{ entity_id: string; organization_id: string | null }>(
      "SELECT entity_id, organization_id FROM audit_events WHERE action = 'user.create_address_in_use' ORDER BY seq",
    );
    expect(trail).toEqual([
      { entity_id: f.members.C2.id, organization_id: f.orgs.C2.id },
      { entity_id: f.actors.iAdmin.userId, organization_id: f.orgs.I.id },
      { entity_id: f.actors.staffSupport.userId, organization_id: null },
      { entity_id: phoneOwner.id, organization_id: f.orgs.I.id },
    ]);
  });

  it('an address held by a user the caller can see is a plain 409', async () => {
    const res = await createUser(newUser({ email: f.members.G.email }), f.actors.c1Admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ path: 'email', message: 'This email is already in use' }]);
    expect(
      await rows("SELECT id FROM outbox_messages WHERE template = 'address-in-use' AND recipient_user_id = $1", [f.members.G.id]),
    ).toEqual([]);
  });

  it('two creations racing for one e-mail: one 202, one 409, never a 500', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([createUser(newUser({ email })), createUser(newUser({ email })), createUser(newUser({ email }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 409, 409]);
  });

  it.each([
    ['a missing first name', { firstName: undefined }, 'firstName'],
    ['a first name of the wrong type', { firstName: 42 }, 'firstName'],
    ['an empty last name', { lastName: '   ' }, 'lastName'],
    ['an over-long first name', { firstName: 'x'.repeat(101) }, 'firstName'],
    ['an over-long e-mail', { email: `${'x'.repeat(250)}@example.in` }, 'email'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a malformed phone', { phone: '12345' }, 'phone'],
    ['neither e-mail nor phone', { email: undefined }, 'email'],
    ['a bad role id', { role: 'admin' }, 'role'],
    ['a missing role', { role: undefined }, 'role'],
    ['a bad organisation id', { organizationId: 'xyz' }, 'organizationId'],
    ['an avatar that is not a URL', { avatar: 'me.png' }, 'avatar'],
    ['a javascript: avatar', { avatar: 'javascript:alert(document.cookie)' }, 'avatar'],
    ['a javascript: avatar dressed as a host', { avatar: 'JavaScript://cdn.example.in/%0Aalert(1)' }, 'avatar'],
    ['a data: avatar', { avatar: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }, 'avatar'],
    ['a plain http avatar', { avatar: 'http://cdn.example.in/i.png' }, 'avatar'],
    ['an avatar on no named host', { avatar: 'https://localhost/i.png' }, 'avatar'],
    ['an unknown field', { isSuperAdmin: true }, 'isSuperAdmin'],
    ['a status (set later, not on creation)', { status: 'ACTIVE' }, 'status'],
  ])('400 for %s, naming the field', async (_label, change, path) => {
    const res = await createUser(newUser(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('a body that is not an object, or not JSON, is 400', async () => {
    const array = await t.call({ method: 'POST', url: `${API}/users`, token: tokens.staff, payload: [] as unknown as object });
    expect(array.statusCode).toBe(400);
    const garbage = await t.call({
      method: 'POST',
      url: `${API}/users`,
      token: tokens.staff,
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('MALFORMED_BODY');
  });

  it('an organisation or role that does not exist is 404 naming the field', async () => {
    const org = await createUser(newUser({ organizationId: 'ffffffffffffffffffffffff' }));
    expect(org.statusCode).toBe(404);
    expect(org.json().errors).toEqual([{ path: 'organizationId', message: 'Organisation not found' }]);
    const role = await createUser(newUser({ role: 'ffffffffffffffffffffffff' }));
    expect(role.statusCode).toBe(404);
    expect(role.json().errors).toEqual([{ path: 'role', message: 'Role not found' }]);
  });

  it('writes a user.create audit event with the new user, without secrets', async () => {
    const [password] = await t.seal('Masala-Dosa-Sunday-3');
    const payload = newUser({ password });
    expect((await createUser(payload)).statusCode).toBe(202);
    const id = (await created(payload.email)).id;
    const events = await rows<{ actor_id: string; organization_id: string; before: unknown; after: Record<string, unknown> }>(
      "SELECT actor_id, organization_id, before, after FROM audit_events WHERE action = 'user.create' AND entity_id = $1",
      [id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_id: f.actors.staffAdmin.userId,
      organization_id: f.orgs.C1.id,
      before: null,
      after: { id, status: 'ACTIVE' },
    });
    expect(JSON.stringify(events[0])).not.toMatch(/password|argon2/i);
  });
});

describe('GET /users', () => {
  let ids: string[];
  beforeAll(async () => {
    const org = f.orgs.C2.id;
    ids = [];
    for (const [firstName, email, phone] of [
      ['Zara', 'zara.khan@list.test', '+919800000001'],
      ['Aarav', 'aarav.shah@list.test', '+919800000002'],
      ['Kabir', 'kabir_100%@list.test', '+919800000003'],
    ] as const) {
      ids.push(
        (
          await makeUser(t, {
            firstName,
            email,
            phone,
            roleId: f.roles.basic.id,
            organizationId: org,
            status: firstName === 'Kabir' ? 'DISABLED' : 'ACTIVE',
          })
        ).id,
      );
    }
  });

  const list = (query: string, token = tokens.staff) => t.call({ method: 'GET', url: `${API}/users?${query}`, token });

  it('pages with page and limit, and reports the total', async () => {
    const base = `organizationId=${f.orgs.C2.id}&sort=firstName`;
    const all = (await list(`${base}&limit=100`)).json();
    expect(all.meta).toEqual({ page: 1, limit: 100, total: all.data.length });
    const page1 = (await list(`${base}&limit=2&page=1`)).json();
    const page2 = (await list(`${base}&limit=2&page=2`)).json();
    expect(page1.meta).toEqual({ page: 1, limit: 2, total: all.meta.total });
    expect([...page1.data, ...page2.data].map((u: { id: string }) => u.id)).toEqual(all.data.slice(0, 4).map((u: { id: string }) => u.id));
    const beyond = (await list(`${base}&limit=2&page=999`)).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(all.meta.total);
  });

  it('sorts by an allowed field, ascending or descending', async () => {
    const asc = (await list(`organizationId=${f.orgs.C2.id}&sort=firstName&limit=100`))
      .json()
      .data.map((u: { firstName: string }) => u.firstName);
    const desc = (await list(`organizationId=${f.orgs.C2.id}&sort=-firstName&limit=100`))
      .json()
      .data.map((u: { firstName: string }) => u.firstName);
    expect(asc).toEqual([...asc].sort());
    expect(desc).toEqual([...asc].reverse());
    expect(asc.indexOf('Aarav')).toBeLessThan(asc.indexOf('Zara'));
  });

  it('searches names, e-mails and phones, with LIKE wildcards taken literally', async () => {
    const names = async (term: string) =>
      (await list(`search=${encodeURIComponent(term)}&limit=100`)).json().data.map((u: { firstName: string }) => u.firstName);
    expect(await names('zara verma')).toEqual(['Zara']);
    expect(await names('AARAV.SHAH@')).toEqual(['Aarav']);
    expect(await names('9800000003')).toEqual(['Kabir']);
    expect(await names('100%')).toEqual(['Kabir']);
    expect(await names('_100')).toEqual(['Kabir']);
    expect(await names('%')).toEqual(['Kabir']);
  });

  it('filters by _id and by status', async () => {
    const byId = (await list(`_id=${ids[1]}`)).json();
    expect(byId.data.map((u: { id: string }) => u.id)).toEqual([ids[1]]);
    const disabled = (await list(`status=DISABLED&organizationId=${f.orgs.C2.id}`)).json();
    expect(disabled.data.map((u: { id: string }) => u.id)).toEqual([ids[2]]);
  });

  it.each([
    ['an unknown sort field', 'sort=password', 'querystring.sort'],
    ['a sort that is not a field name', 'sort=first;drop', 'querystring.sort'],
    ['a zero limit', 'limit=0', 'querystring.limit'],
    ['a limit over the maximum', 'limit=501', 'querystring.limit'],
    ['a page that is not a number', 'page=two', 'querystring.page'],
    ['a bad _id', '_id=123', 'querystring._id'],
    ['a bad organisation id', 'organizationId=R', 'querystring.organizationId'],
    ['an unknown status', 'status=GONE', 'querystring.status'],
    ['an unknown parameter', 'role=admin', 'querystring.role'],
    ['an over-long search', `search=${'x'.repeat(256)}`, 'querystring.search'],
  ])('400 for %s, naming the field', async (_label, query, path) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe('GET /users/{id}', () => {
  it('404 for an id that does not exist, 400 for a malformed one', async () => {
    expect((await t.call({ method: 'GET', url: `${API}/users/ffffffffffffffffffffffff`, token: tokens.staff })).statusCode).toBe(404);
    const bad = await t.call({ method: 'GET', url: `${API}/users/not-an-id`, token: tokens.staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('params.id');
  });
});

describe('PUT /users/{id}', () => {
  const put = (id: string, payload: Record<string, unknown>, token = tokens.staff) =>
    t.call({ method: 'PUT', url: `${API}/users/${id}`, token, payload });

  it('refuses an avatar that is not an https address, and keeps the one stored', async () => {
    const user = await makeUser(t, { email: uniqueEmail('avatar'), roleId: f.roles.basic.id, organizationId: f.orgs.G.id });
    const fine = await put(user.id, { avatar: 'HTTPS://CDN.example.in/photos/asha.png' });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.avatar).toBe('https://cdn.example.in/photos/asha.png');
    for (const avatar of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://cdn.example.in/a.png',
      'ftp://cdn.example.in/a.png',
    ]) {
      const res = await put(user.id, { avatar });
      expect(res.statusCode, avatar).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'avatar', message: 'avatar must be an https URL' }]);
    }
    expect(await rows('SELECT avatar FROM users WHERE id = $1', [user.id])).toEqual([{ avatar: 'https://cdn.example.in/photos/asha.png' }]);
  });

  it('changes the given fields only, and audits before and after', async () => {
    const user = await makeUser(t, {
      email: uniqueEmail('edit'),
      phone: '+919811111111',
      roleId: f.roles.basic.id,
      organizationId: f.orgs.G.id,
    });
    const res = await put(user.id, { firstName: 'Ishaan', avatar: 'https://cdn.example.in/i.png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'User updated',
      data: { firstName: 'Ishaan', lastName: 'Verma', phone: '+919811111111', avatar: 'https://cdn.example.in/i.png' },
    });
    const [event] = await rows<{ before: { firstName: string }; after: { firstName: string } }>(
      "SELECT before, after FROM audit_events WHERE action = 'user.update' AND entity_id = $1",
      [user.id],
    );
    expect(event?.before.firstName).toBe('Asha');
    expect(event?.after.firstName).toBe('Ishaan');
  });

  it('an empty body changes nothing (200), never a 500', async () => {
    const user = await makeUser(t, { email: uniqueEmail('empty'), roleId: f.roles.basic.id, organizationId: f.orgs.G.id });
    const res = await put(user.id, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.email).toBe(user.email);
  });

  it('a user keeps an e-mail or a phone: removing the last one is 400', async () => {
    const user = await makeUser(t, { email: uniqueEmail('last'), roleId: f.roles.basic.id, organizationId: f.orgs.G.id });
    const res = await put(user.id, { email: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'email', message: 'Give an email or a phone number' }]);
    const swap = await put(user.id, { email: null, phone: '+919811111112' });
    expect(swap.statusCode, swap.body).toBe(200);
    expect(swap.json().data).toMatchObject({ email: null, phone: '+919811111112' });
  });

  it("taking another user's e-mail or phone is 409 naming the field", async () => {
    const user = await makeUser(t, { email: uniqueEmail('dup'), roleId: f.roles.basic.id, organizationId: f.orgs.G.id });
    const res = await put(user.id, { email: f.members.C1.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].path).toBe('email');
    // Its own e-mail is no clash.
    expect((await put(user.id, { email: user.email })).statusCode).toBe(200);
  });

  it('moving a user to another organisation needs a role that fits there', async () => {
    const user = await makeUser(t, { email: uniqueEmail('mover'), roleId: f.ownRoles.C1.id, organizationId: f.orgs.C1.id });
    const misfit = await put(user.id, { organizationId: f.orgs.C2.id });
    expect(misfit.statusCode).toBe(400);
    expect(misfit.json().errors[0].path).toBe('role');
    const toStaff = await put(user.id, { organizationId: null });
    expect(toStaff.statusCode).toBe(400);
    expect(toStaff.json().errors).toEqual([{ path: 'role', message: 'Staff users need a staff role' }]);
    const moved = await put(user.id, { organizationId: f.orgs.C2.id, role: f.roles.basic.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ organization: { id: f.orgs.C2.id }, role: { id: f.roles.basic.id } });
  });

  it('disabling a user, or changing their role, ends their sessions at once', async () => {
    const email = uniqueEmail('disabled');
    const user = await makeUser(t, { email, roleId: f.roles.orgOperator.id, organizationId: f.orgs.C1.id });
    const session = await t.login(email, FIXTURE_PASSWORD);
    const me = () => t.call({ method: 'GET', url: `${API}/users/${user.id}`, token: session.token });
    expect((await me()).statusCode).toBe(200);
    expect((await put(user.id, { status: 'DISABLED' })).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    await expect(t.login(email, FIXTURE_PASSWORD)).rejects.toThrow(/401/);
    expect((await put(user.id, { status: 'ACTIVE' })).statusCode).toBe(200);
    const again = await t.login(email, FIXTURE_PASSWORD);
    expect((await put(user.id, { role: f.roles.orgViewer.id })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `${API}/search/x`, token: again.token })).statusCode).toBe(401);
  });

  it('a limited staff member edits users whose rights they hold, not a richer user', async () => {
    const support = f.actors.staffSupport.token;
    const member = await put(f.members.G.id, { firstName: 'Gauri' }, support);
    expect(member.statusCode).toBe(200);
    const richer = await makeUser(t, { email: uniqueEmail('rich'), roleId: f.roles.orgAdmin.id, organizationId: f.orgs.G.id });
    const res = await put(richer.id, { email: 'support-owned@example.in' }, support);
    expect(res.statusCode).toBe(403);
    expect(await rows('SELECT id FROM users WHERE email = $1', ['support-owned@example.in'])).toEqual([]);
  });

  it.each([
    ['an unknown field', { nickname: 'x' }, 'nickname'],
    ['a wrong status', { status: 'SUSPENDED' }, 'status'],
    ['a first name too long', { firstName: 'y'.repeat(101) }, 'firstName'],
    ['a role that is not an id', { role: 42 }, 'role'],
    ['a password (changed through the password routes only)', { password: 'x' }, 'password'],
  ])('400 for %s, naming the field', async (_label, payload, path) => {
    const res = await put(f.members.G.id, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe('DELETE /users/{id}', () => {
  it('deletes the user with their sessions, and audits what was removed', async () => {
    const email = uniqueEmail('leaver');
    const user = await makeUser(t, { email, roleId: f.roles.basic.id, organizationId: f.orgs.G.id });
    const session = await t.login(email, FIXTURE_PASSWORD);
    const res = await t.call({ method: 'DELETE', url: `${API}/users/${user.id}`, token: f.actors.c1Admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User deleted' });
    expect(await rows('SELECT id FROM users WHERE id = $1', [user.id])).toEqual([]);
    expect(await rows('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toEqual([]);
    expect((await t.call({ method: 'GET', url: `${API}/search/x`, token: session.token })).statusCode).toBe(401);
    const [event] = await rows<{ actor_id: string; before: { email: string } }>(
      "SELECT actor_id, before FROM audit_events WHERE action = 'user.delete' AND entity_id = $1",
      [user.id],
    );
    expect(event).toMatchObject({ actor_id: f.actors.c1Admin.userId, before: { email } });
    expect((await t.call({ method: 'DELETE', url: `${API}/users/${user.id}`, token: f.actors.c1Admin.token })).statusCode).toBe(404);
  });
});

describe('POST /users/{id}/send-mail', () => {
  it('sends an invitation to an invited user and a set-password link to an active one, and audits it', async () => {
    const invited = await makeUser(t, {
      email: uniqueEmail('invited'),
      roleId: f.roles.basic.id,
      organizationId: f.orgs.C1.id,
      status: 'INVITED',
    });
    const active = await makeUser(t, { email: uniqueEmail('active'), roleId: f.roles.basic.id, organizationId: f.orgs.C1.id });
    for (const [user, template] of [
      [invited, 'invitation'],
      [active, 'password-link'],
    ] as const) {
      const res = await t.call({ method: 'POST', url: `${API}/users/${user.id}/send-mail`, token: f.actors.c1Admin.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Mail sent' });
      const mails = await rows<{ template: string }>('SELECT template FROM outbox_messages WHERE recipient = $1', [user.email]);
      expect(mails).toEqual([{ template }]);
      expect(await rows("SELECT id FROM audit_events WHERE action = 'user.send_mail' AND entity_id = $1", [user.id])).toHaveLength(1);
    }
  });

  it('a disabled user gets no mail (422)', async () => {
    const user = await makeUser(t, {
      email: uniqueEmail('off'),
      roleId: f.roles.basic.id,
      organizationId: f.orgs.C1.id,
      status: 'DISABLED',
    });
    const res = await t.call({ method: 'POST', url: `${API}/users/${user.id}/send-mail`, token: tokens.staff });
    expect(res.statusCode).toBe(422);
    expect(await rows('SELECT id FROM outbox_messages WHERE recipient = $1', [user.email])).toEqual([]);
  });
});

describe('roles held by users', () => {
  it('a role change applies to its holders on their next request', async () => {
    const { role, session } = await makeSignedInUser(t, {
      email: uniqueEmail('reader'),
      role: 'Temporary readers',
      authScopes: { user: { allowed: true, actions: {} } },
      organizationId: f.orgs.I.id,
    });
    expect((await t.call({ method: 'GET', url: `${API}/users`, token: session.token })).statusCode).toBe(200);
    const narrowed = await t.call({
      method: 'PUT',
      url: `${API}/roles/${role.id}`,
      token: f.actors.iAdmin.token,
      payload: { authScopes: {} },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await t.call({ method: 'GET', url: `${API}/users`, token: session.token })).statusCode).toBe(403);
  });
});
