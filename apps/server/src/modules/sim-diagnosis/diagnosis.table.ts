import type { TNetworkState } from '@tarang/shared/sims/network-state';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { textC, timestampTz } from '../../db/columns';
import { sims } from '../sims/sims.table';

/**
 * What each profile's operator last reported about it on its network (issue 16, docs/decisions/028-sim-network-state.md):
 * one row per profile, replaced whenever the operator is asked again (Refresh on the diagnosis page). The diagnosis
 * reads it without calling the operator.
 */
export const simNetworkStates = pgTable(
  'sim_network_states',
  {
    iccid: textC('iccid').primaryKey(),
    simId: text('sim_id')
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    operator: text('operator').notNull(),
    state: jsonb('state').$type<TNetworkState>().notNull(),
    checkedAt: timestampTz('checked_at').notNull(),
  },
  (t) => [index('sim_network_states_sim_idx').on(t.simId)],
);
