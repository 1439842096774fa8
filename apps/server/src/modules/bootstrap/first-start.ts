import { randomBytes } from 'node:crypto';
import { fullAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { and, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/database';
import { SYSTEM_CONTEXT } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { hashPassword } from '../auth/passwords';
import { roles } from '../roles/roles.table';
import { countStaffUsers, insertUser } from '../users/users.repository';

export const SUPER_ADMIN_ROLE = 'Super Admin';

/** The built-in Super Admin role always holds every permission of the catalogue. */
export async function ensureSuperAdminRole(db: TDb): Promise<string> {
  const [existing] = await db
    .select()
    .from(roles)
    .where(and(isNull(roles.organizationId), eq(roles.system, true), eq(roles.name, SUPER_ADMIN_ROLE)));
  if (existing) {
    await db.update(roles).set({ authScopes: fullAuthScopes() }).where(eq(roles.id, existing.id));
    return existing.id;
  }
  const [row] = await db
    .insert(roles)
    .values({
      name: SUPER_ADMIN_ROLE,
      description: 'Every permission on every organisation',
      kind: 'STAFF',
      system: true,
      authScopes: fullAuthScopes(),
    })
    .returning();
  return row!.id;
}

/**
 * First start: when no staff user exists, create the super-admin from TARANG_ADMIN_EMAIL /
 * TARANG_ADMIN_PASSWORD, or with a generated password printed once.
 */
export async function ensureFirstAdmin(db: TDb, config: TConfig, logger: Logger): Promise<void> {
  const roleId = await ensureSuperAdminRole(db);
  if ((await countStaffUsers(db)) > 0) return;
  const email = (config.adminEmail ?? 'admin@tarang.local').toLowerCase();
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      firstName: 'Super',
      lastName: 'Admin',
      email,
      roleId,
      organizationId: null,
      status: 'ACTIVE',
      passwordHash: await hashPassword(password),
    });
    await recordAudit(tx, SYSTEM_CONTEXT, {
      action: 'user.create',
      entityType: 'user',
      entityId: user.id,
      after: { email, role: SUPER_ADMIN_ROLE, firstStart: true },
    });
  });
  if (generated) {
    // Printed once, on purpose, to the terminal of whoever started the server for the first time.
    process.stdout.write(`\nTarang first start: super-admin ${email} created with password ${password}\nChange it after signing in.\n\n`);
  } else {
    logger.info({ email }, 'super-admin created from TARANG_ADMIN_EMAIL');
  }
}
