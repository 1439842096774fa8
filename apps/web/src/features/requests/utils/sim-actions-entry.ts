import { SIM_ACTION_TYPES, type TRequestType } from '@tarang/shared/requests/request.constants';
import { type TSimFilter, ZSimFilter } from '@tarang/shared/sims/sim.schemas';

/**
 * How other screens open /sim-actions (the inventory's bulk actions, a SIM's page):
 *   `/sim-actions?action=<TYPE>` — TYPE one of SIM_ACTION_TYPES (ACTIVATE, SUSPEND, RESUME, TERMINATE, IMEI_LOCK, IMEI_UNLOCK)
 *   with react-router location state `{ iccids: string[] }` (the SIMs ticked) or `{ filter: TSimFilter }` (every SIM
 *   the inventory's filter matches, in the body form of `simFilterBody`), optionally `limit` with a filter.
 * Anything else in the state is ignored; an unknown action leaves the choice to the user.
 */
export type TSimActionsEntry = {
  action: TRequestType | null;
  iccids: string[] | null;
  filter: TSimFilter | null;
  limit: number | null;
};

export const SIM_ACTIONS_PATH = '/sim-actions';

/** The link other screens navigate to: `navigate(simActionsHref('SUSPEND'), { state: { iccids } })`. */
export function simActionsHref(action?: TRequestType): string {
  return action ? `${SIM_ACTIONS_PATH}?action=${action}` : SIM_ACTIONS_PATH;
}

export function readSimActionsEntry(search: URLSearchParams, state: unknown): TSimActionsEntry {
  const raw = search.get('action')?.toUpperCase() ?? '';
  const action = (SIM_ACTION_TYPES as readonly string[]).includes(raw) ? (raw as TRequestType) : null;
  const s = (state && typeof state === 'object' ? state : {}) as { iccids?: unknown; filter?: unknown; limit?: unknown };
  const iccids = Array.isArray(s.iccids) ? s.iccids.filter((v): v is string => typeof v === 'string') : null;
  const parsed = s.filter !== undefined && !iccids ? ZSimFilter.safeParse(s.filter) : null;
  const filter = parsed?.success ? parsed.data : null;
  const limit = filter && typeof s.limit === 'number' && Number.isInteger(s.limit) && s.limit > 0 ? s.limit : null;
  return { action, iccids: iccids?.length ? iccids : null, filter, limit };
}
