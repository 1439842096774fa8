import type { TOrganizationSettings } from '@tarang/shared/organizations/organization.schemas';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, textC, updatedAt } from '../../db/columns';

/**
 * Organisations form a tree. `path` is the materialised path of ids from the root, e.g.
 * `/a…/b…/`, so a subtree is `path LIKE '/a…/%'` on a byte-wise index.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: idPk(),
    tradeName: text('trade_name').notNull(),
    brandName: text('brand_name'),
    email: text('email'),
    parentId: idRef('parent_id'),
    path: textC('path').notNull(),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    settings: jsonb('settings').$type<TOrganizationSettings>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('organizations_path_idx').on(t.path),
    index('organizations_parent_idx').on(t.parentId),
    index('organizations_trade_name_lower_idx').on(sql`lower(${t.tradeName})`),
  ],
);
