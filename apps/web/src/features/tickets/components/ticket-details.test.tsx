import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TTicket } from '@tarang/shared/tickets/ticket.schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiagnosisSnapshot } from '@/features/sim-diagnosis/components/diagnosis-snapshot';
import { i18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeDiagnosisSnapshot, makeTicket, TICKET_ICCID } from '../testing/make-ticket';
import { TicketDetails } from './ticket-details';

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

type TAnswer = { status?: number; body: unknown };
const ok = (data: TTicket, status = 200): TAnswer => ({ status, body: { success: true, data } });

/**
 * The ticket page with the server answering GET as `ticket` holds it, and PUT, comments and attachments as `answers`
 * say (else as a server that takes them would).
 */
function renderTicket({
  me = CUSTOMER,
  ticket = makeTicket(),
  answers = {},
}: {
  me?: typeof STAFF;
  ticket?: TTicket;
  answers?: { put?: (body: Record<string, unknown>) => TAnswer | undefined; comment?: TAnswer; attach?: (file: File) => TAnswer };
} = {}) {
  let current = ticket;
  const fetchMock = answerFetch(
    sessionAnswers(
      me,
      scopesFrom({ tickets: ['addTickets'], 'sim-details': true, 'sim-inventory': ['viewDetails'], request: ['viewDetails'] }),
      (url, init) => {
        const method = init.method ?? 'GET';
        const path = `/api/v1/tickets/${ticket.id}`;
        if (url.pathname === path && method === 'GET') return ok(current);
        if (url.pathname === '/api/v1/tickets/assignees' && method === 'GET') {
          return {
            body: {
              success: true,
              data: [
                { id: me.id, label: 'Asha Rao' },
                { id: 'b'.repeat(24), label: 'Vikram Singh' },
              ],
            },
          };
        }
        if (url.pathname === path && method === 'PUT') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          const answer = answers.put?.(body);
          if (answer) return answer;
          current = {
            ...current,
            ...(body.status ? { status: body.status as TTicket['status'] } : {}),
            ...(body.priority ? { priority: body.priority as TTicket['priority'] } : {}),
            ...(body.assigneeId !== undefined
              ? { assignee: body.assigneeId ? { id: String(body.assigneeId), label: 'Asha Rao' } : null }
              : {}),
          };
          return ok(current);
        }
        if (url.pathname === `${path}/comments` && method === 'POST') {
          if (answers.comment) return answers.comment;
          const { body } = JSON.parse(String(init.body)) as { body: string };
          current = {
            ...current,
            comments: current.comments + 1,
            thread: [
              ...current.thread,
              { id: hexId('4'), body, createdAt: '2026-11-22T10:00:00.000Z', author: { id: me.id, label: 'Asha Rao', side: 'STAFF' } },
            ],
          };
          return ok(current, 201);
        }
        if (url.pathname === `${path}/attachments` && method === 'POST') {
          const file = (init.body as FormData).get('file') as File;
          const answer = answers.attach?.(file) ?? ok(current, 201);
          if ((answer.status ?? 200) < 300) current = (answer.body as { data: TTicket }).data;
          return answer;
        }
        return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
      },
    ),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <TicketDetails id={ticket.id} diagnosis={(snapshot) => <DiagnosisSnapshot snapshot={snapshot} />} />
    </SignedIn>,
    { route: `/tickets/${ticket.id}` },
  );
  return { user: userEvent.setup(), changes: () => fetchMock.calls.filter((c) => c.method !== 'GET') };
}

const actionsCard = async () => await screen.findByTestId('ticket-actions', {}, { timeout: 10_000 });

describe('TicketDetails', () => {
  it("shows the ticket's head: number, subject, chips, organisation for staff, the SLA due time and its overdue mark", async () => {
    renderTicket({ me: STAFF, ticket: makeTicket({ overdue: true, slaDueAt: '2026-11-22T06:30:00.000Z' }) });
    const head = await screen.findByTestId('ticket-head', {}, { timeout: 10_000 });
    expect(head).toHaveTextContent('TK00000042');
    expect(within(head).getByRole('heading', { name: 'Tracker stopped reporting' })).toBeInTheDocument();
    expect(within(head).getByText('Open')).toBeInTheDocument();
    expect(within(head).getByText('High')).toBeInTheDocument();
    expect(within(head).getByText('Connectivity')).toBeInTheDocument();
    expect(within(head).getByTestId('overdue')).toHaveTextContent('Overdue');
    expect(head).toHaveTextContent('Overdue since 22/11/2026 12:00 PM');
    expect(head).toHaveTextContent(ORG_A.tradeName);
    expect(head).toHaveTextContent('Unassigned');
  });

  it('gives an organisation user Resolve and Close only — no status, priority or assignee — and resolves the ticket', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, changes } = renderTicket();
    const actions = await actionsCard();
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resolve', 'Close']);
    expect(within(actions).queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    // Staff-only facts stay hidden too.
    expect(screen.getByTestId('ticket-head')).not.toHaveTextContent(ORG_A.tradeName);

    await user.click(within(actions).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(
        within(actions)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Close', 'Reopen']),
    );
    expect(changes().map((c) => c.body)).toEqual([{ status: 'RESOLVED' }]);
    expect(success).toHaveBeenCalledWith('Status set to Resolved');
    expect(within(screen.getByTestId('ticket-head')).getByText('Resolved')).toBeInTheDocument();
  });

  it('gives staff the status and priority and Assign to me, and says a refusal', async () => {
    const error = vi.spyOn(notify, 'error');
    const { user, changes } = renderTicket({
      me: STAFF,
      answers: {
        put: (body) =>
          body.priority
            ? {
                status: 422,
                body: {
                  success: false,
                  code: 'UNPROCESSABLE',
                  message: 'assigneeId: The assignee must be an active staff user who works tickets',
                  errors: [{ path: 'assigneeId', message: 'The assignee must be an active staff user who works tickets' }],
                },
              }
            : undefined,
      },
    });
    const actions = await actionsCard();
    expect(within(actions).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Open');
    expect(within(actions).getByRole('combobox', { name: 'Priority' })).toHaveTextContent('High');
    expect(within(actions).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();

    await user.click(within(actions).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting on customer' }));
    await waitFor(() => expect(within(actions).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Waiting on customer'));

    await user.click(within(actions).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(within(actions).getByRole('button', { name: 'Unassign' })).toBeInTheDocument());
    expect(within(actions).queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    expect(screen.getByTestId('ticket-head')).toHaveTextContent('Asha Rao');

    await user.click(within(actions).getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByRole('option', { name: 'Urgent' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The assignee must be an active staff user who works tickets'));
    expect(changes().map((c) => c.body)).toEqual([{ status: 'WAITING_ON_CUSTOMER' }, { assigneeId: STAFF.id }, { priority: 'URGENT' }]);
  });

  it('lets staff give the ticket to one of the staff who work tickets', async () => {
    const { user, changes } = renderTicket({ me: STAFF });
    const actions = await actionsCard();
    await user.click(within(actions).getByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: 'Vikram Singh' }));
    await waitFor(() => expect(changes().map((c) => c.body)).toEqual([{ assigneeId: 'b'.repeat(24) }]));
  });

  it('shows the thread with each side marked, and adds a reply', async () => {
    const { user, changes } = renderTicket({ me: STAFF });
    const thread = await screen.findByTestId('thread', {}, { timeout: 10_000 });
    const first = within(thread).getAllByRole('listitem')[0]!;
    expect(first).toHaveAttribute('data-side', 'ORGANIZATION');
    expect(first).toHaveTextContent('Vikram Singh');
    expect(first).toHaveTextContent('Customer');
    // 09:15 UTC is 02:45 PM in India.
    expect(first).toHaveTextContent('22/11/2026 02:45 PM');
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Its SIM was suspended: resumed now.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
    const reply = within(thread).getAllByRole('listitem')[1]!;
    expect(reply).toHaveAttribute('data-side', 'STAFF');
    expect(reply).toHaveTextContent('Asha Rao (you)');
    expect(reply).toHaveTextContent('Support');
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('');
    expect(changes().map((c) => c.body)).toEqual([{ body: 'Its SIM was suspended: resumed now.' }]);
  });

  it("puts the server's refusal of an attached file on the file, and attaches one it takes", async () => {
    const PDF_AS_PNG = "The file's content is PDF, but its name says .png: name it .pdf";
    const success = vi.spyOn(notify, 'success');
    const { user, changes } = renderTicket({
      answers: {
        attach: (file) =>
          file.name === 'photo.png'
            ? {
                status: 415,
                body: {
                  success: false,
                  code: 'UNSUPPORTED_MEDIA_TYPE',
                  message: `file: ${PDF_AS_PNG}`,
                  errors: [{ path: 'file', message: PDF_AS_PNG }],
                },
              }
            : ok(
                makeTicket({
                  attachments: [
                    {
                      id: hexId('6'),
                      fileName: file.name,
                      type: 'PDF',
                      size: 2048,
                      sha256: 'ab'.repeat(32),
                      commentId: null,
                      createdAt: '2026-11-22T10:00:00.000Z',
                      author: { id: CUSTOMER.id, label: 'Vikram Singh', side: 'ORGANIZATION' },
                    },
                  ],
                }),
                201,
              ),
      },
    });
    await screen.findByText('No files attached yet.', {}, { timeout: 10_000 });
    const input = screen.getByLabelText('File to attach to the ticket');
    await user.upload(input, new File(['%PDF-1.4'], 'photo.png', { type: 'image/png' }));
    const refused = await screen.findByTestId('attachment-refused');
    expect(refused).toHaveTextContent(`Not attached: ${PDF_AS_PNG}`);
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('photo.png');

    // A type the ticket does not take (chosen past the picker's filter) is refused before it is sent.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    await waitFor(() =>
      expect(screen.getByTestId('attachment-refused')).toHaveTextContent('Not attached: Attach a PNG, JPEG, PDF, CSV or XLSX file'),
    );
    expect(changes()).toHaveLength(1);

    await user.upload(input, new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }));
    const list = await screen.findByTestId('attachments');
    expect(list).toHaveTextContent('invoice.pdf');
    expect(list).toHaveTextContent('PDF · 2.0 KB · Vikram Singh, 22/11/2026 03:30 PM');
    expect(within(list).getByRole('button', { name: 'Download invoice.pdf' })).toHaveAccessibleDescription(`SHA-256 ${'ab'.repeat(32)}`);
    expect(screen.queryByTestId('attachment-refused')).not.toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('invoice.pdf attached');
  });

  it('shows the diagnosis it was raised with: the failing and warning checks, not the passing ones; links its SIM', async () => {
    renderTicket({
      ticket: makeTicket({ diagnosis: makeDiagnosisSnapshot(), sims: [{ id: hexId('5'), iccid: TICKET_ICCID, status: 'SUSPENDED' }] }),
    });
    const snapshot = await screen.findByTestId('diagnosis-snapshot', {}, { timeout: 10_000 });
    expect(snapshot).toHaveTextContent(`SIM ${TICKET_ICCID}, diagnosed 22/11/2026 02:44 PM`);
    expect(snapshot).toHaveTextContent('1 failing · 1 to look at');
    const checks = within(snapshot).getAllByRole('listitem');
    expect(checks.map((c) => c.getAttribute('data-outcome'))).toEqual(['FAIL', 'WARN']);
    expect(checks[0]).toHaveTextContent('Status');
    expect(checks[0]).toHaveTextContent('Failing');
    expect(within(snapshot).queryByText(/Registered on AIRTEL/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Open SIM ${TICKET_ICCID}` })).toHaveAttribute('href', `/sim-details?number=${TICKET_ICCID}`);
  });

  it('takes no reply or file on a closed ticket, and the organisation may reopen it', async () => {
    const { user, changes } = renderTicket({
      ticket: makeTicket({ status: 'CLOSED', slaDueAt: null, closedAt: '2026-11-23T04:30:00.000Z' }),
    });
    const actions = await actionsCard();
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reopen']);
    expect(screen.getByText('The ticket is closed: reopen it to write in it.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('File to attach to the ticket')).not.toBeInTheDocument();
    expect(screen.getByTestId('ticket-head')).toHaveTextContent('Closed 23/11/2026 10:00 AM');
    await user.click(within(actions).getByRole('button', { name: 'Reopen' }));
    await screen.findByRole('textbox', { name: 'Reply' });
    expect(changes().map((c) => c.body)).toEqual([{ status: 'OPEN' }]);
  });

  it('says a ticket of another organisation is not found', async () => {
    const missing = makeTicket({ id: hexId('e') });
    const fetchMock = answerFetch(
      sessionAnswers(CUSTOMER, scopesFrom({ tickets: true }), () => ({
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'id: Ticket not found', errors: [{ path: 'id', message: 'Ticket not found' }] },
      })),
    );
    restore = fetchMock.restore;
    renderWithProviders(
      <SignedIn>
        <TicketDetails id={missing.id} />
      </SignedIn>,
    );
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'This ticket was not found. It may belong to another organisation.',
    );
  });
});
