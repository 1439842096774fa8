import { pgTable, text } from 'drizzle-orm/pg-core';
import { textC, timestampTz } from '../../db/columns';

/**
 * Type allocation codes (issue 16, docs/decisions/028-sim-network-state.md): the first 8 digits of an IMEI name the
 * device's make and model. Loaded from the GSMA TAC file the provider licenses (`npm run tac:import`); the product
 * ships only the simulated devices' codes.
 */
export const deviceTacs = pgTable('device_tacs', {
  tac: textC('tac').primaryKey(),
  make: text('make').notNull(),
  model: text('model').notNull(),
  /** The kind of device (module, router, tracker, phone…), as the source says it. */
  kind: text('kind'),
  /** Where the row came from: the file imported, or `simulator`. */
  source: text('source').notNull(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});
