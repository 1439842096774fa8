import { z } from 'zod';
import { isoDate, isoDateTime } from '../common/dates';
import { ZRequestType } from '../requests/request.schemas';

/**
 * The work calendar (beta; issue 15): scheduled work in Asia/Kolkata, weeks starting Monday — scheduled requests
 * (scheduled whitelist cancellations among them, which can be moved and cancelled from the calendar) and, per day,
 * how many SIMs' plans expire.
 */

/** The longest span one call reads: a month view with the days of the weeks around it. */
export const WORK_CALENDAR_MAX_DAYS = 62;

export const ZWorkCalendarQuery = z
  .object({ from: isoDate('from'), to: isoDate('to') })
  .strict()
  .refine((q) => q.from <= q.to, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < WORK_CALENDAR_MAX_DAYS, {
    message: `Read at most ${WORK_CALENDAR_MAX_DAYS} days at a time`,
    path: ['to'],
  });
export type TWorkCalendarQuery = z.infer<typeof ZWorkCalendarQuery>;

export const ZCalendarRequest = z.object({
  requestId: z.string(),
  batchJobId: z.string(),
  type: ZRequestType,
  scheduledAt: z.string(),
  simsCount: z.number().int(),
  organization: z.object({ id: z.string(), tradeName: z.string() }).nullable(),
  /** A cancel-whitelist request that has not started: it can be moved and cancelled from the calendar. */
  movable: z.boolean(),
});
export type TCalendarRequest = z.infer<typeof ZCalendarRequest>;

export const ZWorkCalendar = z.object({
  requests: z.array(ZCalendarRequest),
  /** Per day (India), how many SIMs' plans expire that day; the list of SIMs is the inventory filtered by expiry. */
  expiries: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type TWorkCalendar = z.infer<typeof ZWorkCalendar>;

export const ZCalendarMove = z.object({ scheduledAt: isoDateTime('scheduledAt') }).strict();
