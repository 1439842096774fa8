import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TTicketSummary } from '@tarang/shared/tickets/ticket.schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeTicket } from '../testing/make-ticket';
import { TicketsTable } from './tickets-table';

let restore: (() => void) | null = null;
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const STAFF = makeUser({ id: hexId('1') });
const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });

const summary = ({
  sims: _s,
  requests: _r,
  diagnosis: _d,
  thread: _t,
  attachments: _a,
  resolvedAt: _v,
  closedAt: _c,
  ...rest
}: ReturnType<typeof makeTicket>): TTicketSummary => rest;

const ON_TIME = summary(makeTicket());
const LATE = summary(
  makeTicket({
    id: hexId('8'),
    number: 'TK00000041',
    subject: 'Invoice shows two renewals',
    category: 'BILLING',
    priority: 'URGENT',
    status: 'IN_PROGRESS',
    slaDueAt: '2026-11-21T06:30:00.000Z',
    overdue: true,
    assignee: { id: hexId('1'), label: 'Asha Rao' },
    comments: 3,
  }),
);
const WAITING = summary(
  makeTicket({ id: hexId('9'), number: 'TK00000040', subject: 'Whitelist our server', status: 'WAITING_ON_CUSTOMER', slaDueAt: null }),
);

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderTable({ me = STAFF, search = '' }: { me?: typeof STAFF; search?: string } = {}) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom({ tickets: ['addTickets'] }), (url) => {
      if (url.pathname === '/api/v1/tickets') {
        const overdue = url.searchParams.get('overdue');
        const data = [LATE, ON_TIME, WAITING].filter((r) => (overdue ? String(r.overdue) === overdue : true));
        return { body: { success: true, data, meta: { page: 1, limit: 25, total: data.length } } };
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <TicketsTable />
      <Address />
    </SignedIn>,
    { route: `/tickets${search}` },
  );
  return { user: userEvent.setup(), listCalls: () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/tickets') };
}

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('TicketsTable', () => {
  it('marks the overdue ticket with a red Overdue chip beside its due time in India time, and only that one', async () => {
    renderTable();
    const late = await rowOf('Invoice shows two renewals');
    const chip = within(late).getByTestId('overdue');
    expect(chip).toHaveTextContent('Overdue');
    expect(chip).toHaveClass('MuiChip-colorError');
    // 06:30 UTC is 12:00 PM in India.
    expect(late).toHaveTextContent('21/11/2026 12:00 PM');
    expect(within(late).getByText('Urgent')).toBeInTheDocument();
    expect(within(late).getByText('In progress')).toBeInTheDocument();
    expect(within(late).getByText('Asha Rao')).toBeInTheDocument();
    const onTime = await rowOf('Tracker stopped reporting');
    expect(within(onTime).queryByTestId('overdue')).not.toBeInTheDocument();
    expect(onTime).toHaveTextContent('22/11/2026 10:45 PM');
    expect(within(onTime).getByText('Unassigned')).toBeInTheDocument();
    // Waiting on the customer: the clock is paused.
    expect(await rowOf('Whitelist our server')).toHaveTextContent('Paused');
  });

  it('shows staff the organisation of each ticket; an organisation user sees no such column', async () => {
    renderTable();
    await rowOf('Tracker stopped reporting');
    expect(screen.getByRole('columnheader', { name: 'Organisation' })).toBeInTheDocument();
    expect(within(await rowOf('Tracker stopped reporting')).getByText(ORG_A.tradeName)).toBeInTheDocument();
  });

  it('hides the organisation column from an organisation user', async () => {
    renderTable({ me: CUSTOMER });
    await rowOf('Tracker stopped reporting');
    expect(screen.queryByRole('columnheader', { name: 'Organisation' })).not.toBeInTheDocument();
  });

  it('reads the filters from the address and sends them; the number links to the ticket, and a click on the row opens it', async () => {
    const { user, listCalls } = renderTable({ search: '?overdue=true&status=IN_PROGRESS' });
    const late = await rowOf('Invoice shows two renewals');
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('overdue')).toBe('true'));
    expect(listCalls().at(-1)?.url.searchParams.get('status')).toBe('IN_PROGRESS');
    expect(screen.queryByText('Tracker stopped reporting')).not.toBeInTheDocument();
    expect(within(late).getByRole('link', { name: 'Open ticket TK00000041' })).toHaveAttribute('href', `/tickets/${LATE.id}`);
    await user.click(within(late).getByText('Invoice shows two renewals'));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(`/tickets/${LATE.id}`));
  });

  it('speaks Hindi to a Hindi reader', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderTable();
    const late = await rowOf('Invoice shows two renewals');
    expect(within(late).getByTestId('overdue')).toHaveTextContent('समय सीमा पार');
    expect(within(late).getByText('अति आवश्यक')).toBeInTheDocument();
  });
});
