import { newId } from '@tarang/shared/common/ids';
import { char, customType, timestamp } from 'drizzle-orm/pg-core';

/** Primary keys: 12 random bytes as 24 hex characters (spec §9). */
export const idPk = () =>
  char('id', { length: 24 })
    .primaryKey()
    .$defaultFn(() => newId());

export const idRef = (name: string) => char(name, { length: 24 });

/** A point in time: timestamptz, read as a Date (stored UTC, shown in India by the console). */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestampTz('created_at').notNull().defaultNow();
export const updatedAt = () =>
  timestampTz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Text compared byte-wise (identifiers, paths): prefix LIKE uses the B-tree index (engineering.md). */
export const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
