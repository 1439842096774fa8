import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk } from '../../db/columns';

/** The firmware catalogue (issue 17, docs/decisions/031-devices.md): each version of a make and model once. */
export const firmware = pgTable(
  'firmware',
  {
    id: idPk(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    version: text('version').notNull(),
    releaseNotes: text('release_notes').notNull().default(''),
    checksum: text('checksum').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('firmware_version_uq').on(sql`lower(${t.make})`, sql`lower(${t.model})`, t.version)],
);
