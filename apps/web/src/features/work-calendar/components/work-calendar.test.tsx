import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TWorkCalendar } from '@tarang/shared/work-calendar/work-calendar.schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { hexId, makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { dayAfter, makeCalendarRequest } from '../testing/make-calendar';
import { WorkCalendar } from './work-calendar';

let restore: (() => void) | null = null;
afterEach(async () => {
  restore?.();
  restore = null;
  await act(() => i18n.changeLanguage('en'));
});

const ME = makeUser({ id: hexId('1') });
const CANCEL_ID = hexId('c');
const SUSPEND_ID = hexId('d');
const STARTED_ID = hexId('e');

/** What the server holds for a range starting `from`: on the 11th day of it, three requests and one day of expiries. */
function calendarFor(from: string): { day: string; data: TWorkCalendar } {
  const day = dayAfter(from, 10);
  return {
    day,
    data: {
      requests: [
        // 23:30 in India, 18:00 UTC: on `day`, not the UTC day.
        makeCalendarRequest({ requestId: CANCEL_ID, batchJobId: 'BJ00000077', scheduledAt: `${day}T18:00:00.000Z`, simsCount: 2 }),
        makeCalendarRequest({
          requestId: SUSPEND_ID,
          batchJobId: 'BJ00000078',
          type: 'SUSPEND',
          // 00:15 in India on `day` is still the day before in UTC.
          scheduledAt: `${dayAfter(day, -1)}T18:45:00.000Z`,
          simsCount: 1,
          movable: false,
        }),
        makeCalendarRequest({
          requestId: STARTED_ID,
          batchJobId: 'BJ00000079',
          type: 'WHITELIST_NUMBER_CANCEL',
          scheduledAt: `${day}T06:30:00.000Z`,
          simsCount: 5,
          organization: null,
          movable: false,
        }),
      ],
      expiries: [{ date: dayAfter(from, 12), count: 3 }],
    },
  };
}

function setup(scopes: Parameters<typeof scopesFrom>[0], answer: (from: string) => TWorkCalendar = (from) => calendarFor(from).data) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom(scopes), (url, init) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, query: url.searchParams, body });
      if (url.pathname === '/api/v1/work-calendar' && method === 'GET') {
        return { body: { success: true, data: answer(url.searchParams.get('from') ?? '') } };
      }
      if (url.pathname === `/api/v1/work-calendar/request/${CANCEL_ID}` && method === 'PUT')
        return { body: { success: true, message: 'Moved' } };
      if (url.pathname === `/api/v1/work-calendar/request/${CANCEL_ID}` && method === 'DELETE') {
        return { body: { success: true, message: 'Cancellation called off' } };
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <WorkCalendar />
    </SignedIn>,
    { route: '/work-calendar' },
  );
  const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/work-calendar');
  return { calls, reads };
}

const ALL = { 'work-calendar': true } as const;
const VIEW_ONLY = { 'work-calendar': [] } as const;

async function openEvent(name: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }, { timeout: 10_000 }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('WorkCalendar', () => {
  it('reads the month shown and draws each request by its type and SIMs, and the expiries as a link to those SIMs', async () => {
    const { reads } = setup(ALL);
    const cancel = await screen.findByRole('button', { name: /^Cancel IP whitelist · 2 SIMs/ }, { timeout: 10_000 });
    const from = reads()[0]!.query.get('from')!;
    const { day } = calendarFor(from);
    // Monday first; the month view's six weeks, both ends included.
    expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(reads()[0]!.query.get('to')).toBe(dayAfter(from, 41));
    // 23:30 in India is drawn on that day, whatever the browser's zone.
    expect(cancel.closest('td')).toHaveAttribute('data-date', day);
    expect(cancel).toHaveTextContent('11:30');
    expect(cancel).toHaveClass('wc-whitelistCancel');
    const suspend = screen.getByRole('button', { name: /^Suspend · 1 SIM,/ });
    expect(suspend.closest('td')).toHaveAttribute('data-date', day);
    expect(suspend).toHaveTextContent('12:15');
    expect(suspend).toHaveClass('wc-request');
    expect(screen.getByRole('button', { name: /^Cancel number whitelist · 5 SIMs/ })).toBeInTheDocument();
    const expiries = screen.getByRole('link', { name: /^3 plans expire on / });
    const expiryDay = dayAfter(from, 12);
    expect(expiries).toHaveAttribute('href', `/sim-inventory?expiresFrom=${expiryDay}&expiresTo=${expiryDay}`);
    expect(expiries).toHaveTextContent('3 plans expire');
    expect(screen.queryByTestId('calendar-empty')).not.toBeInTheDocument();
  });

  it('reads the next range when the view changes, and says when nothing is scheduled', async () => {
    const user = userEvent.setup();
    const { reads } = setup(ALL, () => ({ requests: [], expiries: [] }));
    expect(await screen.findByTestId('calendar-empty', {}, { timeout: 10_000 })).toHaveTextContent('Nothing is scheduled');
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(reads().length).toBe(2));
    const week = reads()[1]!.query;
    expect(week.get('to')).toBe(dayAfter(week.get('from')!, 6));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(reads()[2]?.query.get('from')).toBe(dayAfter(week.get('from')!, 7)));
  });

  it('opens a request: its details, a link to it, and Move sends the India time typed as an instant', async () => {
    const { calls } = setup(ALL);
    const { user, dialog } = await openEvent(/^Cancel IP whitelist · 2 SIMs/);
    expect(within(dialog).getByRole('heading', { name: 'Cancel IP whitelist' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('calendar-request-details')).toHaveTextContent('Sanchar Connect');
    expect(within(dialog).getByTestId('calendar-request-details')).toHaveTextContent('11:30 PM IST');
    expect(within(dialog).getByRole('link', { name: 'Open request BJ00000077' })).toHaveAttribute('href', `/request/${CANCEL_ID}`);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    const form = await screen.findByRole('dialog', { name: 'Move Cancel IP whitelist' });
    const field = within(form).getByLabelText(/New date and time/);
    fireEvent.change(field, { target: { value: '2020-01-15T09:30' } });
    await user.click(within(form).getByRole('button', { name: 'Move' }));
    expect(await within(form).findByText('This time has passed: choose a later one')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '2030-01-15T09:30' } });
    await user.click(within(form).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([
      expect.objectContaining({ path: `/api/v1/work-calendar/request/${CANCEL_ID}`, body: { scheduledAt: '2030-01-15T04:00:00.000Z' } }),
    ]);
  });

  it('asks before Cancel, then calls the cancellation off', async () => {
    const { calls } = setup(ALL);
    const { user, dialog } = await openEvent(/^Cancel IP whitelist · 2 SIMs/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this scheduled Cancel IP whitelist?' });
    expect(confirm).toHaveTextContent('the whitelist stays applied on the 2 SIMs');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/v1/work-calendar/request/${CANCEL_ID}`]);
  });

  it('offers no Move or Cancel on a request that is not a waiting whitelist cancellation', async () => {
    setup(ALL);
    const { dialog } = await openEvent(/^Cancel number whitelist · 5 SIMs/);
    expect(within(dialog).getByTestId('calendar-request-details')).toHaveTextContent('Provider');
    expect(within(dialog).getByText(/cannot be moved or cancelled here/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('offers no Move or Cancel, nor dragging, to a user whose role lacks cancel-whitelist', async () => {
    setup(VIEW_ONLY);
    const cancel = await screen.findByRole('button', { name: /^Cancel IP whitelist · 2 SIMs/ }, { timeout: 10_000 });
    expect(cancel).not.toHaveClass('wc-movable');
    const { dialog } = await openEvent(/^Cancel IP whitelist · 2 SIMs/);
    expect(within(dialog).queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/cannot be moved/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('speaks Hindi: the views, the request types of the requests pages, and the calendar itself', async () => {
    await act(() => i18n.changeLanguage('hi'));
    setup(ALL);
    const cancel = await screen.findByRole('button', { name: /^IP व्हाइटलिस्ट रद्द करें · 2 सिम/ }, { timeout: 10_000 });
    expect(cancel).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'महीना' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: /को 3 प्लान समाप्त होते हैं: सिम दिखाएँ$/ })).toBeInTheDocument();
    // FullCalendar's own Hindi: the weekday headings, from Monday.
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('सोम');
  });

  it('follows a change of language made while it is open', async () => {
    setup(ALL);
    await screen.findByRole('button', { name: /^Cancel IP whitelist · 2 SIMs/ }, { timeout: 10_000 });
    const englishTitle = screen.getByTestId('calendar-title').textContent;
    await act(() => i18n.changeLanguage('hi'));
    expect(await screen.findByRole('button', { name: /^IP व्हाइटलिस्ट रद्द करें · 2 सिम/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('calendar-title').textContent).not.toBe(englishTitle));
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('सोम');
  });
});
