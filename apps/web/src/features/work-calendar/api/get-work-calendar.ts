import { useQuery } from '@tanstack/react-query';
import type { TCalendarRequest, TWorkCalendar, TWorkCalendarQuery } from '@tarang/shared/work-calendar/work-calendar.schemas';
import { api } from '@/lib/api-client';
import { defineResource } from '@/lib/resource';

/** The work calendar: scheduled requests (by request id) and plan expiries per day. */
export const workCalendarResource = defineResource<TCalendarRequest>('work-calendar', '/work-calendar', {
  idOf: (request) => request.requestId,
});

/** The path of one scheduled request of the calendar (moved or cancelled). */
export const calendarRequestPath = (requestId: string) => `${workCalendarResource.path}/request/${encodeURIComponent(requestId)}`;

/** GET /work-calendar: what is scheduled between two India days (both included, at most 62 days). */
export async function getWorkCalendar(range: TWorkCalendarQuery, signal?: AbortSignal): Promise<TWorkCalendar> {
  return (await api.get<TWorkCalendar>(workCalendarResource.path, { params: range, signal })).data;
}

/** The visible range's work; the previous range stays drawn while the next one loads. */
export const workCalendarOptions = (range: TWorkCalendarQuery) =>
  workCalendarResource.listOptions([range.from, range.to], (signal) => getWorkCalendar(range, signal));

export const useWorkCalendar = (range: TWorkCalendarQuery | null) =>
  useQuery({ ...workCalendarOptions(range ?? { from: '', to: '' }), enabled: range !== null });
