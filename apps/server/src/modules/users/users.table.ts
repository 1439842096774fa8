import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, textC, updatedAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.table';
import { roles } from '../roles/roles.table';

export const users = pgTable(
  'users',
  {
    id: idPk(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    avatar: text('avatar'),
    /** Stored lower-case; unique. */
    email: textC('email'),
    /** E.164; unique. */
    phone: textC('phone'),
    passwordHash: text('password_hash'),
    roleId: idRef('role_id')
      .notNull()
      .references(() => roles.id),
    organizationId: idRef('organization_id').references(() => organizations.id),
    status: text('status', { enum: ['ACTIVE', 'INVITED', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_org_idx').on(t.organizationId),
    index('users_role_idx').on(t.roleId),
    index('users_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
  ],
);
