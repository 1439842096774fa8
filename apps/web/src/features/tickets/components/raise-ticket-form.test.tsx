import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TTicket } from '@tarang/shared/tickets/ticket.schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, ORG_B, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeTicket, TICKET_ICCID, TICKET_ICCID_2 } from '../testing/make-ticket';
import { RaiseTicketForm } from './raise-ticket-form';

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
const RAISED = makeTicket();
const raised: TAnswer = { status: 201, body: { success: true, message: 'Ticket raised', data: RAISED } };

function renderForm({
  me = CUSTOMER,
  create = raised,
  diagnosisIccid,
  organizationId,
}: {
  me?: typeof STAFF;
  create?: TAnswer;
  diagnosisIccid?: string;
  organizationId?: string;
} = {}) {
  const sent: Record<string, unknown>[] = [];
  const files: string[] = [];
  const onRaised = vi.fn<(ticket: TTicket) => void>();
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom({ tickets: ['addTickets'], organisation: true }), (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/v1/tickets' && method === 'POST') {
        sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return create;
      }
      if (url.pathname === `/api/v1/tickets/${RAISED.id}/attachments` && method === 'POST') {
        files.push(((init.body as FormData).get('file') as File).name);
        return { status: 201, body: { success: true, data: RAISED } };
      }
      if (url.pathname === '/api/v1/organization' && method === 'GET') {
        const data = [
          { ...ORG_A, parentId: null },
          { ...ORG_B, parentId: null },
        ];
        return { body: { success: true, data, meta: { page: 1, limit: 500, total: 2 } } };
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <RaiseTicketForm diagnosisIccid={diagnosisIccid} organizationId={organizationId} onRaised={onRaised} onCancel={() => {}} />
    </SignedIn>,
    { route: '/tickets/add' },
  );
  return { user: userEvent.setup(), sent, files, onRaised };
}

const theForm = () => screen.findByRole('form', { name: 'Raise a ticket' }, { timeout: 10_000 });

async function choose(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, label: string, option: string) {
  await user.click(within(form).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('RaiseTicketForm', () => {
  it('raised from the diagnosis: says the diagnosis goes with it, starts as a Connectivity problem of the SIM, and sends its ICCID', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, sent, onRaised } = renderForm({ diagnosisIccid: TICKET_ICCID });
    const form = await theForm();
    expect(form).toHaveTextContent(`The diagnosis of SIM ${TICKET_ICCID} as it is now will be attached to the ticket, and the SIM linked.`);
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue(`SIM ${TICKET_ICCID} is not working`);
    expect(within(form).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Connectivity');
    expect(within(form).getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Medium');
    expect(within(form).getByText('Due to be resolved within 24 hours')).toBeInTheDocument();
    // An organisation's user raises for their own organisation: no picker.
    expect(within(form).queryByRole('combobox', { name: 'Organisation' })).not.toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'The tracker sends nothing since this morning.');
    await user.click(within(form).getByRole('button', { name: 'Raise ticket' }));
    await waitFor(() => expect(onRaised).toHaveBeenCalledWith(expect.objectContaining({ id: RAISED.id })));
    expect(sent).toEqual([
      {
        subject: `SIM ${TICKET_ICCID} is not working`,
        category: 'CONNECTIVITY',
        priority: 'MEDIUM',
        body: 'The tracker sends nothing since this morning.',
        diagnosisIccid: TICKET_ICCID,
      },
    ]);
    expect(success).toHaveBeenCalledWith('Ticket TK00000042 raised');
  });

  it("puts a 400's field errors on their fields", async () => {
    const { user, onRaised } = renderForm({
      create: {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'subject: must be text without control characters or line breaks',
          errors: [
            { path: 'subject', message: 'must be text without control characters or line breaks' },
            { path: 'iccids.1', message: `SIM ${TICKET_ICCID_2} not found` },
          ],
        },
      },
    });
    const form = await theForm();
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Bills');
    await choose(user, form, 'Category', 'Billing');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Two renewals on one invoice.');
    await user.type(within(form).getByRole('combobox', { name: 'SIMs (ICCIDs)' }), `${TICKET_ICCID}, ${TICKET_ICCID_2}{Enter}`);
    await user.click(within(form).getByRole('button', { name: 'Raise ticket' }));
    expect(await within(form).findByText('must be text without control characters or line breaks')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText(`SIM ${TICKET_ICCID_2} not found`)).toBeInTheDocument();
    expect(onRaised).not.toHaveBeenCalled();
  });

  it('checks the form before sending: subject, category, message, and each ICCID as it is added', async () => {
    const { user, sent } = renderForm();
    const form = await theForm();
    await user.click(within(form).getByRole('button', { name: 'Raise ticket' }));
    expect(await within(form).findByText('Give the subject')).toBeInTheDocument();
    expect(within(form).getByText('Choose the category')).toBeInTheDocument();
    expect(within(form).getByText('Write the message')).toBeInTheDocument();
    // The last digit is off by one: not added, and said why.
    const sims = within(form).getByRole('combobox', { name: 'SIMs (ICCIDs)' });
    await user.type(sims, '8991100000000020008{Enter}');
    expect(within(form).getByText('8991100000000020008: ICCID check digit is wrong')).toBeInTheDocument();
    await user.type(sims, `${TICKET_ICCID.replace(/(\d{4})(?=\d)/g, '$1 ')}{Enter}`);
    expect(within(form).getByRole('button', { name: TICKET_ICCID })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('has staff choose the organisation (prefilled from the diagnosed SIM), and sends the files once the ticket is raised', async () => {
    const { user, sent, files, onRaised } = renderForm({ me: STAFF, diagnosisIccid: TICKET_ICCID, organizationId: ORG_A.id });
    const form = await theForm();
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Organisation' })).toHaveValue(ORG_A.tradeName));
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'The customer says the meter is silent.');
    const input = within(form).getByLabelText('Files to attach');
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'screen.png', { type: 'image/png' }));
    expect(within(form).getByRole('list', { name: 'Files to attach' })).toHaveTextContent('screen.png');
    expect(within(form).getByTestId('chosen-file')).toHaveTextContent('1 file to attach');
    await user.click(within(form).getByRole('button', { name: 'Raise ticket' }));
    await waitFor(() => expect(onRaised).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ organizationId: ORG_A.id, diagnosisIccid: TICKET_ICCID });
    expect(files).toEqual(['screen.png']);
  });

  it('speaks Hindi to a Hindi reader, the prefilled subject too', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderForm({ diagnosisIccid: TICKET_ICCID });
    const form = await screen.findByRole('form', { name: 'टिकट दर्ज करें' }, { timeout: 10_000 });
    expect(within(form).getByRole('textbox', { name: 'विषय' })).toHaveValue(`सिम ${TICKET_ICCID} काम नहीं कर रही है`);
    expect(within(form).getByRole('combobox', { name: 'श्रेणी' })).toHaveTextContent('कनेक्टिविटी');
  });
});
