import { createMessages } from '@/lib/i18n/server-messages';

/** What the server says about a report, by its English text, so a Hindi reader sees it in Hindi. */
export const useReportMessages = createMessages('reports', {
  texts: {
    'Organisation not found': 'organizationNotFound',
    'The cursor is not valid for this list; start again without it': 'cursorInvalid',
    'from must be on or before to': 'rangeBackwards',
    'Schedule not found': 'scheduleNotFound',
    'Alert not found': 'alertNotFound',
    'The report file is not ready': 'fileNotReady',
    'You do not have permission to run this report': 'noPermission',
  },
  patterns: [{ pattern: /^A usage report covers at most (?<days>\d+) days$/, key: 'rangeTooLong' }],
});
