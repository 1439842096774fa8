import type { TAuthScopes } from '@tarang/shared/roles/auth-scopes';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';

export const roles = pgTable(
  'roles',
  {
    id: idPk(),
    name: text('name').notNull(),
    description: text('description'),
    /** Owning organisation; null for platform (staff) roles. */
    organizationId: idRef('organization_id').references(() => organizations.id),
    /** STAFF roles are held by platform staff; ORGANIZATION roles by organisation users. */
    kind: text('kind', { enum: ['STAFF', 'ORGANIZATION'] })
      .notNull()
      .default('ORGANIZATION'),
    authScopes: jsonb('auth_scopes').$type<TAuthScopes>().notNull(),
    /** Built-in roles (Super Admin) cannot be edited or deleted. */
    system: boolean('system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('roles_org_name_uq').on(sql`coalesce(${t.organizationId}, '')`, sql`lower(${t.name})`),
    index('roles_org_idx').on(t.organizationId),
  ],
);
