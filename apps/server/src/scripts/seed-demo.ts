import { newId } from '@tarang/shared/common/ids';
import { DEFAULT_ROLES } from '@tarang/shared/roles/default-roles';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { createDeps } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type TDb } from '../db/database';
import { SYSTEM_CONTEXT } from '../http/request-context';
import { createLogger } from '../lib/logger';
import { recordAudit } from '../modules/audit/audit.service';
import { hashPassword } from '../modules/auth/passwords';
import { ensureFirstAdmin } from '../modules/bootstrap/first-start';
import { DEFAULT_SETTINGS } from '../modules/organizations/organizations.repository';
import { organizations } from '../modules/organizations/organizations.table';
import { roles } from '../modules/roles/roles.table';
import { copySims, demoSim, nextSerial } from '../modules/sims/sim-generator';
import { users } from '../modules/users/users.table';

/**
 * `npm run seed:demo`: a believable organisation tree, staff and organisation roles, and about
 * twenty users. Idempotent: what exists (by trade name, role name, email) is left as it is.
 */

type TOrgSeed = { tradeName: string; brandName: string; email: string; parent?: string };

const ORGS: TOrgSeed[] = [
  { tradeName: 'Sanchar Connect Pvt Ltd', brandName: 'Sanchar', email: 'ops@sancharconnect.in' },
  { tradeName: 'GreenRoute Logistics', brandName: 'GreenRoute', email: 'it@greenroute.in', parent: 'Sanchar Connect Pvt Ltd' },
  { tradeName: 'Urja Smart Meters', brandName: 'Urja', email: 'iot@urjameters.in', parent: 'Sanchar Connect Pvt Ltd' },
  { tradeName: 'Swachh Nagar Services', brandName: 'Swachh Nagar', email: 'fleet@swachhnagar.in', parent: 'Sanchar Connect Pvt Ltd' },
  { tradeName: 'Kisan Telematics', brandName: 'Kisan', email: 'admin@kisantelematics.in' },
  { tradeName: 'Mahanagar Transit Systems', brandName: 'MTS', email: 'noc@mahanagartransit.in' },
];

type TUserSeed = { firstName: string; lastName: string; email: string; phone: string; role: string; org: string | null };

const USERS: TUserSeed[] = [
  { firstName: 'Priya', lastName: 'Raghavan', email: 'priya.raghavan@tarang.local', phone: '+919810000001', role: 'Operations', org: null },
  { firstName: 'Arjun', lastName: 'Mehta', email: 'arjun.mehta@tarang.local', phone: '+919810000002', role: 'Operations', org: null },
  { firstName: 'Kavita', lastName: 'Iyer', email: 'kavita.iyer@tarang.local', phone: '+919810000003', role: 'Finance', org: null },
  {
    firstName: 'Rohan',
    lastName: 'Chatterjee',
    email: 'rohan.chatterjee@tarang.local',
    phone: '+919810000004',
    role: 'Support',
    org: null,
  },
  { firstName: 'Neha', lastName: 'Kulkarni', email: 'neha.kulkarni@tarang.local', phone: '+919810000005', role: 'Support', org: null },
  {
    firstName: 'Vikram',
    lastName: 'Singh',
    email: 'vikram.singh@sancharconnect.in',
    phone: '+919820000001',
    role: 'Org Admin',
    org: 'Sanchar Connect Pvt Ltd',
  },
  {
    firstName: 'Ananya',
    lastName: 'Bose',
    email: 'ananya.bose@sancharconnect.in',
    phone: '+919820000002',
    role: 'Org Operator',
    org: 'Sanchar Connect Pvt Ltd',
  },
  {
    firstName: 'Suresh',
    lastName: 'Nair',
    email: 'suresh.nair@sancharconnect.in',
    phone: '+919820000003',
    role: 'Org Viewer',
    org: 'Sanchar Connect Pvt Ltd',
  },
  {
    firstName: 'Deepak',
    lastName: 'Yadav',
    email: 'deepak.yadav@greenroute.in',
    phone: '+919830000001',
    role: 'Org Admin',
    org: 'GreenRoute Logistics',
  },
  {
    firstName: 'Meera',
    lastName: 'Pillai',
    email: 'meera.pillai@greenroute.in',
    phone: '+919830000002',
    role: 'Org Operator',
    org: 'GreenRoute Logistics',
  },
  {
    firstName: 'Farhan',
    lastName: 'Qureshi',
    email: 'farhan.qureshi@urjameters.in',
    phone: '+919840000001',
    role: 'Org Admin',
    org: 'Urja Smart Meters',
  },
  {
    firstName: 'Lakshmi',
    lastName: 'Menon',
    email: 'lakshmi.menon@urjameters.in',
    phone: '+919840000002',
    role: 'Org Viewer',
    org: 'Urja Smart Meters',
  },
  {
    firstName: 'Gurpreet',
    lastName: 'Kaur',
    email: 'gurpreet.kaur@swachhnagar.in',
    phone: '+919850000001',
    role: 'Org Admin',
    org: 'Swachh Nagar Services',
  },
  {
    firstName: 'Amit',
    lastName: 'Deshpande',
    email: 'amit.deshpande@swachhnagar.in',
    phone: '+919850000002',
    role: 'Org Operator',
    org: 'Swachh Nagar Services',
  },
  {
    firstName: 'Ramesh',
    lastName: 'Patil',
    email: 'ramesh.patil@kisantelematics.in',
    phone: '+919860000001',
    role: 'Org Admin',
    org: 'Kisan Telematics',
  },
  {
    firstName: 'Sunita',
    lastName: 'Joshi',
    email: 'sunita.joshi@kisantelematics.in',
    phone: '+919860000002',
    role: 'Org Operator',
    org: 'Kisan Telematics',
  },
  {
    firstName: 'Harish',
    lastName: 'Reddy',
    email: 'harish.reddy@kisantelematics.in',
    phone: '+919860000003',
    role: 'Org Viewer',
    org: 'Kisan Telematics',
  },
  {
    firstName: 'Aisha',
    lastName: 'Khan',
    email: 'aisha.khan@mahanagartransit.in',
    phone: '+919870000001',
    role: 'Org Admin',
    org: 'Mahanagar Transit Systems',
  },
  {
    firstName: 'Sanjay',
    lastName: 'Gupta',
    email: 'sanjay.gupta@mahanagartransit.in',
    phone: '+919870000002',
    role: 'Org Operator',
    org: 'Mahanagar Transit Systems',
  },
  {
    firstName: 'Pooja',
    lastName: 'Sharma',
    email: 'pooja.sharma@mahanagartransit.in',
    phone: '+919870000003',
    role: 'Org Viewer',
    org: 'Mahanagar Transit Systems',
  },
];

export async function seedDemo(db: TDb, demoPassword: string): Promise<{ organizations: number; roles: number; users: number }> {
  const created = { organizations: 0, roles: 0, users: 0 };
  const orgByName = new Map<string, { id: string; path: string }>();
  for (const seed of ORGS) {
    const [existing] = await db.select().from(organizations).where(eq(organizations.tradeName, seed.tradeName));
    if (existing) {
      orgByName.set(seed.tradeName, existing);
      continue;
    }
    const parent = seed.parent ? orgByName.get(seed.parent)! : null;
    const id = newId();
    const path = `${parent?.path ?? '/'}${id}/`;
    await db.transaction(async (tx) => {
      await tx.insert(organizations).values({
        id,
        tradeName: seed.tradeName,
        brandName: seed.brandName,
        email: seed.email,
        parentId: parent?.id ?? null,
        path,
        settings: { ...DEFAULT_SETTINGS },
      });
      await recordAudit(tx, SYSTEM_CONTEXT, {
        action: 'organization.create',
        entityType: 'organization',
        entityId: id,
        organizationId: id,
        after: { ...seed, demo: true },
      });
    });
    orgByName.set(seed.tradeName, { id, path });
    created.organizations++;
  }

  const roleByName = new Map<string, string>();
  for (const seed of DEFAULT_ROLES) {
    const [existing] = await db
      .select()
      .from(roles)
      .where(and(isNull(roles.organizationId), sql`lower(${roles.name}) = lower(${seed.name})`));
    if (existing) {
      roleByName.set(seed.name, existing.id);
      continue;
    }
    const [row] = await db
      .insert(roles)
      .values({ name: seed.name, description: seed.description, kind: seed.kind, authScopes: seed.authScopes })
      .returning();
    await recordAudit(db, SYSTEM_CONTEXT, {
      action: 'role.create',
      entityType: 'role',
      entityId: row!.id,
      after: { name: seed.name, kind: seed.kind, demo: true },
    });
    roleByName.set(seed.name, row!.id);
    created.roles++;
  }

  const passwordHash = await hashPassword(demoPassword);
  for (const seed of USERS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, seed.email));
    if (existing) continue;
    const org = seed.org ? orgByName.get(seed.org)! : null;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          firstName: seed.firstName,
          lastName: seed.lastName,
          email: seed.email,
          phone: seed.phone,
          roleId: roleByName.get(seed.role)!,
          organizationId: org?.id ?? null,
          passwordHash,
          status: 'ACTIVE',
        })
        .returning({ id: users.id });
      await recordAudit(tx, SYSTEM_CONTEXT, {
        action: 'user.create',
        entityType: 'user',
        entityId: row!.id,
        organizationId: org?.id ?? null,
        after: { email: seed.email, role: seed.role, demo: true },
      });
    });
    created.users++;
  }
  return created;
}

/**
 * `--sims N`: N SIMs spread over the demo organisations (and provider stock), operators and statuses, one or two
 * profiles each, with valid check digits, loaded through COPY in chunks so it scales to 10,000,000.
 */
export async function seedDemoSims(pool: pg.Pool, count: number, log: (line: string) => void = () => {}): Promise<number> {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM organizations ORDER BY path');
  const orgIds = rows.map((r) => r.id);
  if (orgIds.length === 0) throw new Error('Seed the demo organisations first');
  const chunk = 250_000;
  const now = Date.now();
  let serial = await nextSerial(pool);
  const salt = serial;
  for (let done = 0; done < count; done += chunk) {
    const n = Math.min(chunk, count - done);
    serial = await copySims(pool, { start: serial, count: n, make: (i) => demoSim(salt + done + i, orgIds, now) });
    log(`  ${done + n} SIMs`);
  }
  await pool.query('ANALYZE sims');
  await pool.query('ANALYZE sim_profiles');
  return count;
}

function simsArgument(argv: string[]): number {
  const i = argv.indexOf('--sims');
  if (i < 0) return 0;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 0 || n > 50_000_000) throw new Error('--sims takes a number of SIMs (0 to 50,000,000)');
  return n;
}

async function main() {
  const simCount = simsArgument(process.argv.slice(2));
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const database = await openDatabase(config, logger);
  try {
    await ensureFirstAdmin(database.db, config, logger);
    const demoPassword = process.env.TARANG_DEMO_PASSWORD ?? 'Tarang-Demo-2026';
    const created = await seedDemo(database.db, demoPassword);
    process.stdout.write(
      `Demo data: ${created.organizations} organisations, ${created.roles} roles, ${created.users} users created (existing ones kept).\n` +
        `Demo users sign in with their e-mail (for example vikram.singh@sancharconnect.in) and the password ${demoPassword}\n`,
    );
    if (simCount > 0) {
      const started = Date.now();
      await seedDemoSims(database.pool, simCount, (line) => process.stdout.write(`${line}\n`));
      process.stdout.write(`Demo SIMs: ${simCount} added in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    }
    const { seedDemoRequests } = await import('./seed-demo-requests');
    await seedDemoRequests(createDeps({ config, db: database.db, logger }), (line) => process.stdout.write(`${line}\n`));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
