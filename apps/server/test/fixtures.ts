import { fullAuthScopes, scopesFrom, type TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, FIXTURE_PASSWORD, makeOrganization, makeRole, makeUser, type TTestApp } from './test-app';

/**
 * A tenancy fixture shared by the API tests:
 *
 *   Reseller R ─┬─ C1 ── G        Independent I
 *               └─ C2
 *
 * with staff (the super-admin and a limited support role) and organisation users holding
 * platform organisation roles (Org Admin, Org Operator, Org Viewer). Each organisation has one
 * member with the empty "Basic" role and one role of its own, as targets for the tests.
 * Every acting user signs in once; tests reuse the tokens.
 */

export const ORG_KEYS = ['R', 'C1', 'C2', 'G', 'I'] as const;
export type TOrgKey = (typeof ORG_KEYS)[number];

/** The tree, as parent links. */
export const ORG_PARENT: Record<TOrgKey, TOrgKey | null> = { R: null, C1: 'R', C2: 'R', G: 'C1', I: null };

export const ACTOR_KEYS = ['staffAdmin', 'staffSupport', 'rAdmin', 'c1Admin', 'c1Operator', 'c1Viewer', 'iAdmin'] as const;
/**
 * Actors made only when a test asks for them (`buildTenancyFixture(t, { extraActors })`): a C1 user whose role
 * holds every permission of the catalogue, so that a refusal to them is never about permission, only about reach.
 */
export const EXTRA_ACTOR_KEYS = ['c1All'] as const;
export type TExtraActorKey = (typeof EXTRA_ACTOR_KEYS)[number];
export type TActorKey = (typeof ACTOR_KEYS)[number] | TExtraActorKey;

export type TOrgRow = Awaited<ReturnType<typeof makeOrganization>>;
export type TRoleRow = Awaited<ReturnType<typeof makeRole>>;
export type TUserRow = Awaited<ReturnType<typeof makeUser>>;

export type TFixtureActor = {
  key: TActorKey;
  label: string;
  userId: string;
  email: string;
  token: string;
  roleId: string;
  authScopes: TAuthScopes;
  /** The actor's organisation, or null for staff. */
  org: TOrgKey | null;
};

export const FIXTURE_SCOPES = {
  /** Staff support desk: reads users, organisations and roles; edits users and sends them mail. */
  staffSupport: scopesFrom({ user: ['edit', 'sendMail'], organisation: [], role: [] }),
  orgAdmin: scopesFrom({
    user: true,
    organisation: true,
    role: true,
    wallet: true,
    plans: true,
    transactions: true,
    'ip-group': true,
    'number-group': true,
    'whitelist-ip': true,
    'whitelist-numbers': true,
    'work-calendar': true,
    'atomic-sims': true,
    'expiry-sims': true,
    'request-details': true,
    usage: true,
  }),
  orgOperator: scopesFrom({ user: [], organisation: [] }),
  orgViewer: scopesFrom({ dashboard: true, 'sim-inventory': ['viewDetails'] }),
  /** Nothing at all: any organisation admin may hand it out. */
  basic: {} as TAuthScopes,
};

type TScopesKey = keyof typeof FIXTURE_SCOPES | 'superAdmin' | 'everything';

/** Who acts: a label, their organisation (null = staff) and their role's scopes. */
export const ACTOR_SPECS: Record<TActorKey, { label: string; org: TOrgKey | null; scopes: TScopesKey }> = {
  staffAdmin: { label: 'staff admin', org: null, scopes: 'superAdmin' },
  staffSupport: { label: 'staff support', org: null, scopes: 'staffSupport' },
  rAdmin: { label: 'R admin', org: 'R', scopes: 'orgAdmin' },
  c1Admin: { label: 'C1 admin', org: 'C1', scopes: 'orgAdmin' },
  c1Operator: { label: 'C1 operator', org: 'C1', scopes: 'orgOperator' },
  c1Viewer: { label: 'C1 viewer', org: 'C1', scopes: 'orgViewer' },
  iAdmin: { label: 'I admin', org: 'I', scopes: 'orgAdmin' },
  c1All: { label: 'C1 user holding every permission', org: 'C1', scopes: 'everything' },
};

export function actorScopes(key: TActorKey): TAuthScopes {
  const scopes = ACTOR_SPECS[key].scopes;
  return scopes === 'superAdmin' || scopes === 'everything' ? fullAuthScopes() : FIXTURE_SCOPES[scopes];
}

function ancestorsOf(key: TOrgKey): TOrgKey[] {
  const out: TOrgKey[] = [];
  for (let p = ORG_PARENT[key]; p; p = ORG_PARENT[p]) out.push(p);
  return out;
}

/** Whether an actor reaches an organisation of the tree: staff reach all; others their organisation and its descendants. */
export function reaches(actor: TActorKey, target: TOrgKey): boolean {
  const own = ACTOR_SPECS[actor].org;
  return own === null || own === target || ancestorsOf(target).includes(own);
}

/** How the target stands to the actor's organisation: own, child, grandchild, parent, sibling, foreign (staff: any). */
export function relation(actor: TActorKey, target: TOrgKey): string {
  const own = ACTOR_SPECS[actor].org;
  if (own === null) return 'any';
  if (own === target) return 'own';
  const up = ancestorsOf(target);
  if (up[0] === own) return 'child';
  if (up.includes(own)) return 'grandchild';
  if (ancestorsOf(own).includes(target)) return 'parent';
  if (ORG_PARENT[target] !== null && ORG_PARENT[target] === ORG_PARENT[own]) return 'sibling';
  return 'foreign';
}

export type TTenancyFixture = {
  orgs: Record<TOrgKey, TOrgRow>;
  roles: {
    superAdminId: string;
    staffSupport: TRoleRow;
    orgAdmin: TRoleRow;
    orgOperator: TRoleRow;
    orgViewer: TRoleRow;
    basic: TRoleRow;
    /** Every permission of the catalogue, as an organisation role (made with the extra actor c1All). */
    everything?: TRoleRow;
  };
  /** The extra actors are present only when asked for. */
  actors: Record<TActorKey, TFixtureActor>;
  /** One member per organisation, holding the Basic role. */
  members: Record<TOrgKey, { id: string; email: string }>;
  /** One role owned by each organisation. */
  ownRoles: Record<TOrgKey, TRoleRow>;
};

let counter = 0;
/** A unique e-mail per call, so fixtures in one database never clash. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@fixture.test`;
}

/** Parent links read straight from the table, to judge reach independently of the path column the server uses. */
async function parentLinks(t: TTestApp): Promise<Map<string, string | null>> {
  const { rows } = await t.database.pool.query<{ id: string; parent_id: string | null }>('SELECT id, parent_id FROM organizations');
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

export async function reachesByParents(t: TTestApp, actorOrgId: string | null, organizationId: string): Promise<boolean> {
  if (actorOrgId === null) return true;
  const parents = await parentLinks(t);
  for (let id: string | null | undefined = organizationId; id; id = parents.get(id)) if (id === actorOrgId) return true;
  return false;
}

export async function buildTenancyFixture(
  t: TTestApp,
  options: { extraActors?: readonly TExtraActorKey[] } = {},
): Promise<TTenancyFixture> {
  const orgs = {} as Record<TOrgKey, TOrgRow>;
  for (const key of ORG_KEYS) {
    const parent = ORG_PARENT[key];
    orgs[key] = await makeOrganization(t, `Org ${key}`, parent ? orgs[parent] : undefined);
  }

  const { rows } = await t.database.pool.query<{ id: string }>("SELECT id FROM roles WHERE system AND name = 'Super Admin'");
  const superAdminId = rows[0]!.id;
  const roles = {
    superAdminId,
    staffSupport: await makeRole(t, 'Support Desk', FIXTURE_SCOPES.staffSupport, { kind: 'STAFF' }),
    orgAdmin: await makeRole(t, 'Org Admin', FIXTURE_SCOPES.orgAdmin),
    orgOperator: await makeRole(t, 'Org Operator', FIXTURE_SCOPES.orgOperator),
    orgViewer: await makeRole(t, 'Org Viewer', FIXTURE_SCOPES.orgViewer),
    basic: await makeRole(t, 'Basic', FIXTURE_SCOPES.basic),
    everything: options.extraActors?.length ? await makeRole(t, 'Everything', fullAuthScopes()) : undefined,
  };

  const members = {} as Record<TOrgKey, { id: string; email: string }>;
  const ownRoles = {} as Record<TOrgKey, TRoleRow>;
  for (const key of ORG_KEYS) {
    const email = uniqueEmail(`member.${key.toLowerCase()}`);
    const user = await makeUser(t, { email, roleId: roles.basic.id, organizationId: orgs[key].id, firstName: `Member ${key}` });
    members[key] = { id: user.id, email };
    ownRoles[key] = await makeRole(t, `Own role of ${key}`, scopesFrom({ user: [] }), { organizationId: orgs[key].id });
  }

  const roleOf: Record<Exclude<TScopesKey, 'superAdmin' | 'everything'>, TRoleRow> & { everything?: TRoleRow } = {
    staffSupport: roles.staffSupport,
    orgAdmin: roles.orgAdmin,
    orgOperator: roles.orgOperator,
    orgViewer: roles.orgViewer,
    basic: roles.basic,
    everything: roles.everything,
  };
  const acting: TActorKey[] = [...ACTOR_KEYS, ...(options.extraActors ?? [])];
  const specs = acting
    .filter((key) => key !== 'staffAdmin')
    .map((key) => {
      const spec = ACTOR_SPECS[key];
      const role = roleOf[spec.scopes as Exclude<TScopesKey, 'superAdmin'>]!;
      return { key, label: spec.label, roleId: role.id, authScopes: role.authScopes, org: spec.org };
    });
  const created = await Promise.all(
    specs.map(async (spec) => {
      const email = uniqueEmail(spec.key.toLowerCase());
      const user = await makeUser(t, {
        email,
        roleId: spec.roleId,
        organizationId: spec.org ? orgs[spec.org].id : null,
        firstName: spec.label,
      });
      return { ...spec, email, userId: user.id };
    }),
  );
  const [adminSession, ...sessions] = await Promise.all([
    t.login(ADMIN_EMAIL, ADMIN_PASSWORD),
    ...created.map((c) => t.login(c.email, FIXTURE_PASSWORD)),
  ]);
  const actors = {
    staffAdmin: {
      key: 'staffAdmin',
      label: 'staff admin',
      userId: adminSession!.data.user.id,
      email: ADMIN_EMAIL,
      token: adminSession!.token,
      roleId: superAdminId,
      authScopes: adminSession!.data.role.authScopes,
      org: null,
    },
  } as Record<TActorKey, TFixtureActor>;
  created.forEach((c, i) => {
    actors[c.key] = {
      key: c.key,
      label: c.label,
      userId: c.userId,
      email: c.email,
      token: sessions[i]!.token,
      roleId: c.roleId,
      authScopes: c.authScopes,
      org: c.org,
    };
  });

  return {
    orgs,
    roles,
    actors,
    members,
    ownRoles,
  };
}
