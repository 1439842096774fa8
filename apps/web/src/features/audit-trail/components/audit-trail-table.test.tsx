import type { TAuditEvent, TAuditVerifyResult } from '@tarang/shared/audit/audit.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AuditTrailRoute from '@/app/routes/app/audit-trail';
import { i18n } from '@/lib/i18n/i18n';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';

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

function event(overrides: Partial<TAuditEvent>): TAuditEvent {
  return {
    id: hexId('e'),
    seq: 41,
    occurredAt: '2026-11-21T06:30:00.000Z',
    actorType: 'USER',
    actorId: hexId('1'),
    actorLabel: 'asha@tarang.local',
    organizationId: ORG_A.id,
    action: 'organization.update',
    entityType: 'organization',
    entityId: ORG_A.id,
    before: null,
    after: null,
    ip: '10.20.30.40',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    requestId: 'req-7f3a',
    hash: 'ab'.repeat(32),
    prevHash: 'cd'.repeat(32),
    ...overrides,
  };
}

const RENAMED = event({
  before: { tradeName: 'Sanchar', settings: { apiAccess: false, lowBalanceAlertPaise: 5000 }, brandName: 'S' },
  after: { tradeName: 'Sanchar Connect', settings: { apiAccess: true, lowBalanceAlertPaise: 5000 }, email: 'ops@sanchar.in' },
});
const FAILED_LOGIN = event({
  id: hexId('f'),
  seq: 40,
  occurredAt: '2026-11-21T05:00:00.000Z',
  actorType: 'ANONYMOUS',
  actorId: null,
  actorLabel: 'someone@sanchar.in',
  action: 'auth.login_failed',
  entityType: 'user',
  entityId: null,
  after: { reason: 'wrong_password' },
});

const INTACT: TAuditVerifyResult = {
  fromSeq: 1,
  toSeq: 41,
  checked: 41,
  firstBroken: null,
  headMatches: true,
  elapsedMs: 12,
  perSecond: 3417,
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

type TScreenOptions = {
  me?: typeof STAFF;
  search?: string;
  verifyAnswer?: TAuditVerifyResult;
  refusal?: { status: number; body: unknown };
};

function renderScreen({ me = STAFF, search = '', verifyAnswer = INTACT, refusal }: TScreenOptions = {}) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom({ 'audit-trail': true, organisation: [] }), (url, init) => {
      if (url.pathname === '/api/v1/audit-trail') {
        return { body: { success: true, data: [RENAMED, FAILED_LOGIN], meta: { limit: 50, nextCursor: null } } };
      }
      if (url.pathname === '/api/v1/audit-trail/verify' && init.method === 'POST') {
        return refusal ?? { body: { success: true, data: verifyAnswer } };
      }
      if (url.pathname === '/api/v1/organization') {
        return {
          body: { success: true, data: [{ ...ORG_A, parentId: null, path: `/${ORG_A.id}/` }], meta: { page: 1, limit: 500, total: 1 } },
        };
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <AuditTrailRoute />
      <Address />
    </SignedIn>,
    { route: `/audit-trail${search}` },
  );
  return {
    user: userEvent.setup(),
    listCalls: () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/audit-trail'),
    verifyCalls: () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/audit-trail/verify'),
  };
}

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('the audit trail screen', () => {
  it('lists events newest first with their time in India, actor, action, entity and organisation', async () => {
    renderScreen();
    const renamed = await rowOf('organization.update');
    expect(renamed).toHaveTextContent('#41');
    // 06:30 UTC is 12:00 PM in India.
    expect(renamed).toHaveTextContent('21/11/2026 12:00 PM');
    expect(renamed).toHaveTextContent('asha@tarang.local');
    await waitFor(() => expect(renamed).toHaveTextContent(ORG_A.tradeName));
    const failed = await rowOf('auth.login_failed');
    expect(failed).toHaveTextContent('someone@sanchar.in');
    expect(failed).toHaveTextContent('Anonymous');
  });

  it('reads its filters from the address and sends them to the API', async () => {
    const { listCalls } = renderScreen({
      search: '?action=organization.&actor=asha&from=2026-11-01&to=2026-11-21&entityType=organization',
    });
    await rowOf('organization.update');
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    const sent = listCalls().at(-1)!.url.searchParams;
    expect(Object.fromEntries(sent)).toMatchObject({
      action: 'organization.',
      actor: 'asha',
      from: '2026-11-01',
      to: '2026-11-21',
      entityType: 'organization',
      limit: '25',
    });
    // A stray value the API would refuse is not sent.
    expect(sent.has('actorId')).toBe(false);
  });

  it('drops a malformed actor id or action from the address instead of sending it', async () => {
    const { listCalls } = renderScreen({ search: '?actorId=nope&action=sim.*x' });
    await rowOf('organization.update');
    const sent = listCalls().at(-1)!.url.searchParams;
    expect(sent.has('actorId')).toBe(false);
    expect(sent.has('action')).toBe(false);
  });

  it('opens an event on a click: who, when, IP, request id and the changed fields, unchanged ones behind a switch', async () => {
    const { user } = renderScreen();
    await user.click(within(await rowOf('organization.update')).getByText('asha@tarang.local'));
    const dialog = await screen.findByRole('dialog', { name: /Event #41/ });
    const facts = within(dialog).getByTestId('audit-event-facts');
    expect(facts).toHaveTextContent('asha@tarang.local');
    expect(facts).toHaveTextContent('21/11/2026 12:00 PM');
    expect(facts).toHaveTextContent('2026-11-21T06:30:00.000Z (UTC)');
    expect(facts).toHaveTextContent('10.20.30.40');
    expect(facts).toHaveTextContent('req-7f3a');
    expect(facts).toHaveTextContent(ORG_A.tradeName);

    const table = within(dialog).getByRole('table', { name: 'Changed fields' });
    const rowFor = (field: string) => within(table).getByRole('rowheader', { name: field }).closest('tr') as HTMLElement;
    expect(rowFor('tradeName')).toHaveAttribute('data-change', 'changed');
    expect(rowFor('tradeName')).toHaveTextContent('SancharSanchar ConnectChanged');
    expect(rowFor('settings.apiAccess')).toHaveTextContent('falsetrueChanged');
    expect(rowFor('brandName')).toHaveAttribute('data-change', 'removed');
    expect(rowFor('email')).toHaveAttribute('data-change', 'added');
    expect(rowFor('email')).toHaveTextContent('ops@sanchar.inAdded');
    expect(within(dialog).getByTestId('diff-summary')).toHaveTextContent('2 changed, 1 added, 1 removed');
    // The unchanged field shows only when asked for.
    expect(within(table).queryByRole('rowheader', { name: 'settings.lowBalanceAlertPaise' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Show unchanged fields (1)' }));
    expect(rowFor('settings.lowBalanceAlertPaise')).toHaveAttribute('data-change', 'unchanged');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens an event from its number by keyboard, and narrows the list to the event's actor or entity", async () => {
    const { user } = renderScreen({ search: '?action=organization.' });
    await user.click(await screen.findByRole('button', { name: 'Open event 41 (organization.update)' }));
    const dialog = await screen.findByRole('dialog', { name: /Event #41/ });
    await user.click(within(dialog).getByRole('button', { name: "Show this actor's events" }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(`/audit-trail?actorId=${hexId('1')}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open event 41 (organization.update)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Show this entity's events" }));
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(`/audit-trail?entityType=organization&entityId=${ORG_A.id}`),
    );
  });

  it('says when an event records no field values', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Open event 40 (auth.login_failed)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('rowheader', { name: 'reason' }).closest('tr')).toHaveAttribute('data-change', 'added');
    expect(within(dialog).getByTestId('audit-event-facts')).toHaveTextContent('Anonymous');
  });
});

describe('Verify chain', () => {
  it('is offered to staff only', async () => {
    renderScreen({ me: CUSTOMER });
    await rowOf('organization.update');
    expect(screen.queryByRole('button', { name: 'Verify chain' })).not.toBeInTheDocument();
  });

  it('checks the whole chain by default and shows the count, the rate, the time and that the chain is intact', async () => {
    const { user, verifyCalls } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Verify chain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify the audit chain' });
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByTestId('chain-intact')).toHaveTextContent('Chain intact');
    expect(within(dialog).getByTestId('chain-intact')).toHaveTextContent('Events #1 to #41 are unchanged and linked in order.');
    expect(within(dialog).getByTestId('verify-checked')).toHaveTextContent('41');
    expect(within(dialog).getByTestId('verify-rate')).toHaveTextContent('3,417 events/s');
    expect(within(dialog).getByTestId('verify-elapsed')).toHaveTextContent('0.01 s');
    expect(verifyCalls()).toHaveLength(1);
    expect(verifyCalls()[0]!.body).toEqual({ fromSeq: 1 });
  });

  it('sends a range, refuses one the schema refuses, and shows the first broken link', async () => {
    const { user, verifyCalls } = renderScreen({
      verifyAnswer: {
        fromSeq: 10,
        toSeq: 12,
        checked: 3,
        firstBroken: { seq: 12, occurredAt: '2026-11-21T06:30:00.000Z', reason: 'hash_mismatch' },
        elapsedMs: 1530,
        perSecond: 2,
      } satisfies TAuditVerifyResult,
    });
    await user.click(await screen.findByRole('button', { name: 'Verify chain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify the audit chain' });
    await user.type(within(dialog).getByLabelText('From event #'), '20');
    await user.type(within(dialog).getByLabelText('To event #'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('The last event must not come before the first')).toBeInTheDocument();
    expect(verifyCalls()).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('From event #'));
    await user.type(within(dialog).getByLabelText('From event #'), 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Enter a whole number of at least 1')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('From event #'));
    await user.type(within(dialog).getByLabelText('From event #'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const broken = await within(dialog).findByTestId('chain-broken');
    expect(broken).toHaveTextContent('Chain broken at event #12');
    expect(broken).toHaveTextContent('Its content no longer matches its hash: the event was changed.');
    expect(broken).toHaveTextContent('The event happened at 21/11/2026 12:00 PM.');
    expect(within(dialog).getByTestId('verify-elapsed')).toHaveTextContent('1.53 s');
    expect(verifyCalls().map((c) => c.body)).toEqual([{ fromSeq: 10, toSeq: 12 }]);
  });

  it("says the server's refusal in the dialog", async () => {
    const { user } = renderScreen({
      refusal: {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'A verification of the audit chain is already running; try again when it has finished',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Verify chain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify the audit chain' });
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A verification of the audit chain is already running');
  });

  it('speaks Hindi to a Hindi reader', async () => {
    await act(() => i18n.changeLanguage('hi'));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'शृंखला जाँचें' }));
    const dialog = await screen.findByRole('dialog', { name: 'ऑडिट शृंखला की जाँच' });
    await user.click(within(dialog).getByRole('button', { name: 'जाँचें' }));
    expect(await within(dialog).findByTestId('chain-intact')).toHaveTextContent('शृंखला सुरक्षित है');
  });
});
