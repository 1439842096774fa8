import { newId } from '@tarang/shared/common/ids';
import { char, customType, timestamp } from 'drizzle-orm/pg-core';

/** Primary keys: 12 random bytes as 24 hex characters (spec §9). */
export const idPk = () =>
  char('id', { length: 24 })
    .primaryKey()
    .$defaultFn(() => newId());

export const idRef = (name: string) => char(name, { length: 24 });

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Text compared byte-wise (identifiers, paths): prefix LIKE uses the B-tree index (engineering.md). */
export const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
