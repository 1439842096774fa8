import { z } from 'zod';
import { indiaLocalToIso, isoToIndiaLocal } from '@/features/requests/utils/schedule';

export const SCHEDULE_INVALID = 'Enter a date and time';
export const SCHEDULE_PAST = 'This time has passed: choose a later one';

/**
 * Cancel Whitelist: now, or at a date and time typed in India time (whatever the browser's zone), sent as the ISO
 * instant the API takes (`scheduledAt`). `now` is read when the form is checked, so a time that passed meanwhile is
 * refused.
 */
export const cancelFormSchema = (now: () => number = Date.now) =>
  z
    .object({ when: z.enum(['now', 'later']), at: z.string() })
    .superRefine((value, ctx) => {
      if (value.when === 'now') return;
      const iso = indiaLocalToIso(value.at);
      if (!iso) ctx.addIssue({ code: 'custom', path: ['at'], message: SCHEDULE_INVALID });
      else if (Date.parse(iso) <= now()) ctx.addIssue({ code: 'custom', path: ['at'], message: SCHEDULE_PAST });
    })
    .transform((value) => {
      const scheduledAt = value.when === 'later' ? indiaLocalToIso(value.at) : null;
      return scheduledAt ? { scheduledAt } : {};
    });

export type TCancelFormInput = z.input<ReturnType<typeof cancelFormSchema>>;

/** The form's first values: now; the later time offered is an hour from now, in India time. */
export const cancelFormDefaults = (now: number = Date.now()): TCancelFormInput => ({ when: 'now', at: isoToIndiaLocal(now + 3600_000) });
