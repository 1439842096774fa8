import type { EventDropArg } from '@fullcalendar/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useMoveScheduled } from '../api/move-scheduled';
import { fromCalendarDate } from '../utils/india-time';
import { useWorkCalendarMessages } from '../utils/messages';

/** The part of a drop the calendar's handler reads. */
export type TDrop = Pick<EventDropArg, 'revert'> & { event: Pick<EventDropArg['event'], 'id' | 'start' | 'allDay'> };

/**
 * A request dragged to another time: Move with the time it was dropped on (India time, sent as the instant), or back
 * where it was, with the server's reason, when the server refuses (a time that has passed, a cancellation that started).
 */
export function useDropToMove() {
  const { t } = useTranslation('work-calendar');
  const messages = useWorkCalendarMessages();
  const { mutateAsync } = useMoveScheduled();
  return useCallback(
    async ({ event, revert }: TDrop) => {
      if (!event.start || event.allDay) {
        revert();
        notify.error(t('messages.allDay'));
        return;
      }
      try {
        const result = await mutateAsync({ requestId: event.id, scheduledAt: fromCalendarDate(event.start) });
        notify.success(messages.success(result.message, 'moved'));
      } catch (error) {
        revert();
        notify.error(messages.failure(error));
      }
    },
    [mutateAsync, messages, t],
  );
}
