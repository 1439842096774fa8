import { createMessages } from '@/lib/i18n/server-messages';
import { SCHEDULE_INVALID, SCHEDULE_PAST } from './move-form';

/** What the server and the move form say about the calendar, by their English text, in the reader's language. */
export const useWorkCalendarMessages = createMessages('work-calendar', {
  texts: {
    Moved: 'moved',
    'Cancellation called off': 'calledOff',
    [SCHEDULE_INVALID]: 'scheduleInvalid',
    [SCHEDULE_PAST]: 'schedulePast',
    'scheduledAt must be in the future': 'scheduledInPast',
    'Only a scheduled whitelist cancellation is moved from the calendar': 'onlyWhitelistCancel',
    'This cancellation has started (or was not scheduled): it can no longer be moved': 'started',
    'Request not found': 'notFound',
  },
});
