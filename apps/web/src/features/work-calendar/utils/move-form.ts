import { z } from 'zod';
import { indiaLocalToIso } from '@/features/requests/utils/schedule';

export const SCHEDULE_INVALID = 'Enter a date and time';
export const SCHEDULE_PAST = 'This time has passed: choose a later one';

/**
 * Move: the new time typed in a date-time field is India time, whatever the browser's zone, and is sent as the ISO
 * instant the API takes (`scheduledAt`, the field the server's errors name). `now` is read when the form is checked.
 */
export const moveFormSchema = (now: () => number = Date.now) =>
  z
    .object({ scheduledAt: z.string() })
    .superRefine((value, ctx) => {
      const iso = indiaLocalToIso(value.scheduledAt);
      if (!iso) ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: SCHEDULE_INVALID });
      else if (Date.parse(iso) <= now()) ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: SCHEDULE_PAST });
    })
    .transform((value) => ({ scheduledAt: indiaLocalToIso(value.scheduledAt) as string }));

export type TMoveFormInput = z.input<ReturnType<typeof moveFormSchema>>;
