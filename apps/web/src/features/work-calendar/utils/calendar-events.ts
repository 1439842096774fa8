import type { EventInput } from '@fullcalendar/core';
import type { TCalendarRequest, TWorkCalendar } from '@tarang/shared/work-calendar/work-calendar.schemas';
import { toCalendarDate } from './india-time';

/** The kinds of item the calendar colours apart. */
export type TCalendarKind = 'whitelistCancel' | 'request' | 'expiry';

export const isWhitelistCancel = (type: string) => type === 'WHITELIST_IP_CANCEL' || type === 'WHITELIST_NUMBER_CANCEL';

/** The class an item of a kind carries (its colour: `calendarStyles`). */
export const kindClass = (kind: TCalendarKind) => `wc-${kind}`;

/** What an item of the calendar carries besides its time and title. */
export type TCalendarItem =
  | { kind: 'whitelistCancel' | 'request'; request: TCalendarRequest }
  | { kind: 'expiry'; date: string; count: number };

/** The SIM inventory filtered by the day plans expire (its `expiresFrom` / `expiresTo` filters, India days). */
export const expiriesHref = (day: string) => `/sim-inventory?expiresFrom=${day}&expiresTo=${day}`;

type TEventTexts = {
  /** "Cancel IP whitelist · 2 SIMs". */
  requestTitle: (request: TCalendarRequest) => string;
  /** "3 plans expire". */
  expiriesTitle: (count: number) => string;
};

/**
 * The calendar's events: each scheduled request at its time in India (the ones that can be moved can be dragged when
 * `canMove`), and per day an all-day item for the plans that expire, linking to those SIMs.
 */
export function calendarEvents(data: TWorkCalendar | undefined, texts: TEventTexts, canMove: boolean): EventInput[] {
  if (!data) return [];
  const requests = data.requests.map((request): EventInput => {
    const kind = isWhitelistCancel(request.type) ? 'whitelistCancel' : 'request';
    const item: TCalendarItem = { kind, request };
    return {
      id: request.requestId,
      title: texts.requestTitle(request),
      start: toCalendarDate(request.scheduledAt),
      allDay: false,
      startEditable: canMove && request.movable,
      durationEditable: false,
      classNames: [kindClass(kind), ...(canMove && request.movable ? ['wc-movable'] : [])],
      extendedProps: item,
    };
  });
  const expiries = data.expiries
    .filter((e) => e.count > 0)
    .map((e): EventInput => {
      const item: TCalendarItem = { kind: 'expiry', date: e.date, count: e.count };
      return {
        id: `expiries-${e.date}`,
        title: texts.expiriesTitle(e.count),
        start: e.date,
        allDay: true,
        url: expiriesHref(e.date),
        editable: false,
        classNames: [kindClass('expiry')],
        extendedProps: item,
      };
    });
  return [...expiries, ...requests];
}
