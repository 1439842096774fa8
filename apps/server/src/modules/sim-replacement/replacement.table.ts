import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idPk, idRef, textC, timestampTz } from '../../db/columns';

/**
 * SIM replacements (issue 16, docs/decisions/030-sim-replacement.md): one row per pair of a REPLACE request, beside the
 * request's task for the old SIM. Where it stands comes from its task (waiting, at the operator, failed, cancelled)
 * and `completed_at` (everything moved). `new_from_status` is the new SIM's status before the pair was sent, to which it
 * goes back when the operator refuses; `moved` records what moved to the new SIM.
 */
export const simReplacements = pgTable(
  'sim_replacements',
  {
    id: idPk(),
    requestId: idRef('request_id').notNull(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    oldSimId: idRef('old_sim_id').notNull(),
    newSimId: idRef('new_sim_id').notNull(),
    oldIccid: textC('old_iccid').notNull(),
    newIccid: textC('new_iccid').notNull(),
    operator: text('operator').notNull(),
    /** The old SIM's organisation: who sees the replacement. */
    organizationId: idRef('organization_id'),
    reason: text('reason').notNull(),
    newFromStatus: text('new_from_status'),
    moved: jsonb('moved'),
    createdAt: createdAt(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    uniqueIndex('sim_replacements_task_uq').on(t.taskId),
    index('sim_replacements_old_idx').on(t.oldSimId),
    index('sim_replacements_new_idx').on(t.newSimId),
    index('sim_replacements_org_idx').on(t.organizationId, t.createdAt),
    index('sim_replacements_created_idx').on(t.createdAt),
  ],
);
