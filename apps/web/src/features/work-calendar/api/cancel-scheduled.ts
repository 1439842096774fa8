import { api } from '@/lib/api-client';
import { useResourceMutation } from '@/lib/resource';
import { calendarRequestPath, workCalendarResource } from './get-work-calendar';
import { CALENDAR_ALSO_STALE } from './move-scheduled';

/** DELETE /work-calendar/request/{id}: a scheduled whitelist cancellation called off; the whitelist stays applied. */
export async function cancelScheduled(requestId: string): Promise<{ message?: string }> {
  const response = await api.delete<null>(calendarRequestPath(requestId));
  return { message: response.message };
}

export const useCancelScheduled = () => useResourceMutation(workCalendarResource, cancelScheduled, { alsoStale: CALENDAR_ALSO_STALE });
