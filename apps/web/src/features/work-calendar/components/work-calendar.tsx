import type { DatesSetArg, EventClickArg, EventContentArg, EventMountArg } from '@fullcalendar/core';
import hiLocale from '@fullcalendar/core/locales/hi';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import type { TCalendarRequest, TWorkCalendarQuery } from '@tarang/shared/work-calendar/work-calendar.schemas';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { VISUALLY_HIDDEN } from '@/components/ui/visually-hidden';
import { useCan } from '@/lib/authorization';
import { displayDay, formatDateTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { useCancelScheduled } from '../api/cancel-scheduled';
import { useWorkCalendar } from '../api/get-work-calendar';
import { useDropToMove } from '../hooks/use-drop-to-move';
import { calendarEvents, type TCalendarItem } from '../utils/calendar-events';
import { calendarRange, toCalendarDate } from '../utils/india-time';
import { useWorkCalendarMessages } from '../utils/messages';
import { CalendarFrame } from './calendar-frame';
import { CalendarToolbar, type TCalendarView } from './calendar-toolbar';
import { MoveDialog } from './move-dialog';
import { RequestDialog } from './request-dialog';

/** "Now" as the calendar draws it: the time in India (today's cell and the now line follow India, not the browser). */
const calendarNow = () => toCalendarDate(Date.now());

const TIME_FORMAT = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;

/** A request opens its details (Enter and Space too): FullCalendar draws it as an anchor without a link. */
const markRequestButton = (arg: EventMountArg) => {
  if ((arg.event.extendedProps as TCalendarItem).kind !== 'expiry') arg.el.setAttribute('role', 'button');
};

type TOpen = { request: TCalendarRequest; mode: 'details' | 'move' | 'cancel' };

/**
 * The work calendar (beta): month, week and day views of what is scheduled, in India time, weeks from Monday. Each
 * scheduled request sits at its time (whitelist cancellations in their own colour) and opens its details; a scheduled
 * whitelist cancellation that has not started can be moved (in the dialog, or by dragging it) and cancelled by users
 * whose role allows it. Each day's plan expiries link to those SIMs in the inventory. The visible range is read as
 * the user moves through it.
 */
export function WorkCalendar() {
  const { t, i18n } = useTranslation(['work-calendar', 'requests']);
  const navigate = useNavigate();
  const messages = useWorkCalendarMessages();
  const canChange = useCan('work-calendar', 'cancelWhitelist');
  const calendarRef = useRef<FullCalendar>(null);
  const [view, setView] = useState<TCalendarView>('dayGridMonth');
  const [title, setTitle] = useState('');
  const [range, setRange] = useState<TWorkCalendarQuery | null>(null);
  const [open, setOpen] = useState<TOpen | null>(null);
  const query = useWorkCalendar(range);
  const onEventDrop = useDropToMove();
  const cancel = useCancelScheduled();

  const typeLabel = useCallback((type: string) => t(`requests:types.${type}`, { defaultValue: type }), [t]);
  const requestTitle = useCallback(
    (request: TCalendarRequest) => t('event.request', { type: typeLabel(request.type), count: request.simsCount }),
    [t, typeLabel],
  );
  const events = useMemo(
    () => calendarEvents(query.data, { requestTitle, expiriesTitle: (count) => t('event.expiries', { count }) }, canChange),
    [query.data, requestTitle, t, canChange],
  );

  const onDatesSet = useCallback((arg: DatesSetArg) => {
    const next = calendarRange(arg.start, arg.end);
    setRange((current) => (current?.from === next.from && current.to === next.to ? current : next));
    setTitle(arg.view.title);
    setView(arg.view.type as TCalendarView);
  }, []);

  const onEventClick = useCallback(
    (arg: EventClickArg) => {
      const item = arg.event.extendedProps as TCalendarItem;
      if (item.kind === 'expiry') {
        const mouse = arg.jsEvent as MouseEvent;
        // A click with a modifier opens the link as the browser would (a new tab); a plain one stays in the console.
        if (mouse.ctrlKey || mouse.metaKey || mouse.shiftKey) return;
        arg.jsEvent.preventDefault();
        if (arg.event.url) navigate(arg.event.url);
        return;
      }
      setOpen({ request: item.request, mode: 'details' });
    },
    [navigate],
  );

  // The words of an event: FullCalendar's own markup, and a name for screen readers with the full date and time.
  const eventContent = useCallback(
    (arg: EventContentArg) => {
      const item = arg.event.extendedProps as TCalendarItem;
      const label =
        item.kind === 'expiry'
          ? t('event.expiriesLabel', { count: item.count, day: displayDay(item.date) })
          : t('event.requestLabel', { title: arg.event.title, at: `${formatDateTime(item.request.scheduledAt)} IST` });
      return (
        <div className="fc-event-main-frame">
          {arg.timeText && (
            <div className="fc-event-time" aria-hidden>
              {arg.timeText}
            </div>
          )}
          <div className="fc-event-title-container" aria-hidden>
            <div className="fc-event-title fc-sticky">{arg.event.title}</div>
          </div>
          <span style={VISUALLY_HIDDEN}>{label}</span>
        </div>
      );
    },
    [t],
  );

  const api = () => calendarRef.current?.getApi();
  const data = query.data;
  const empty = query.isSuccess && !query.isPlaceholderData && data && data.requests.length === 0 && data.expiries.length === 0;

  return (
    <Card>
      <CalendarToolbar
        view={view}
        title={title}
        onView={(next) => api()?.changeView(next)}
        onToday={() => api()?.today()}
        onPrevious={() => api()?.prev()}
        onNext={() => api()?.next()}
      />
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={t('loading')} />}</Box>
      <Box sx={{ px: 2, pb: 2, pt: 1 }}>
        {query.isError && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {messages.failure(query.error)}
          </Alert>
        )}
        {empty && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="calendar-empty">
            {t('empty')}
          </Alert>
        )}
        <CalendarFrame>
          <FullCalendar
            ref={calendarRef}
            plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
            initialView="dayGridMonth"
            headerToolbar={false}
            timeZone="UTC"
            now={calendarNow}
            firstDay={1}
            locale={i18n.language === 'hi' ? hiLocale : 'en'}
            allDayText={t('allDay')}
            height={view === 'dayGridMonth' ? 'auto' : 720}
            scrollTime="08:00:00"
            nowIndicator
            dayMaxEvents={4}
            eventDisplay="block"
            eventTimeFormat={TIME_FORMAT}
            slotLabelFormat={TIME_FORMAT}
            defaultTimedEventDuration="00:30"
            eventInteractive
            events={events}
            datesSet={onDatesSet}
            eventClick={onEventClick}
            eventContent={eventContent}
            eventDidMount={markRequestButton}
            // FullCalendar names each day cell by its date link alone, which leaves the events the cell shows out of
            // its name (axe: label-content-name-mismatch); the date stays the link's own name.
            dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
            eventDrop={onEventDrop}
            // A scheduled time is a moment, not a day: in the week and day views it is dropped on a time.
            eventAllow={(span) => !span.allDay || api()?.view.type === 'dayGridMonth'}
          />
        </CalendarFrame>
      </Box>
      {open?.mode === 'details' && (
        <RequestDialog
          request={open.request}
          typeLabel={typeLabel(open.request.type)}
          canChange={canChange}
          onMove={() => setOpen({ ...open, mode: 'move' })}
          onCancel={() => setOpen({ ...open, mode: 'cancel' })}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.mode === 'move' && (
        <MoveDialog request={open.request} typeLabel={typeLabel(open.request.type)} onClose={() => setOpen(null)} />
      )}
      {open?.mode === 'cancel' && (
        <ConfirmDialog
          open
          title={t('cancel.title', { type: typeLabel(open.request.type) })}
          text={t('cancel.text', { count: open.request.simsCount, at: `${formatDateTime(open.request.scheduledAt)} IST` })}
          confirmLabel={t('cancel.confirm')}
          danger
          busy={cancel.isPending}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            try {
              const result = await cancel.mutateAsync(open.request.requestId);
              notify.success(messages.success(result.message, 'calledOff'));
              setOpen(null);
            } catch (error) {
              notify.error(messages.failure(error));
            }
          }}
        />
      )}
    </Card>
  );
}
