import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { calendarRequestPath, workCalendarResource } from './get-work-calendar';

/** What a change of the calendar also changes: the requests and jobs lists, and the SIMs' whitelist states. */
export const CALENDAR_ALSO_STALE = ['requests', 'jobs', 'sim-whitelists-ip', 'sim-whitelists-numbers'] as const;

export type TMoveScheduled = { requestId: string; scheduledAt: string };

/** PUT /work-calendar/request/{id}: a scheduled whitelist cancellation that has not started, to another time. */
export async function moveScheduled({ requestId, scheduledAt }: TMoveScheduled): Promise<{ message?: string }> {
  const response = await api.put<null>(calendarRequestPath(requestId), { scheduledAt });
  return { message: response.message };
}

export const useMoveScheduled = () => useResourceMutation(workCalendarResource, moveScheduled, { alsoStale: CALENDAR_ALSO_STALE });
