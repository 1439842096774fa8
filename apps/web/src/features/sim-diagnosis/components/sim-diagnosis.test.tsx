import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TSimDiagnosis } from '@tarang/shared/sims/diagnosis.schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRequest } from '@/features/requests/testing/make-request';
import { i18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { hexId, makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { SimDiagnosis } from './sim-diagnosis';

let restore: (() => void) | null = null;
afterEach(async () => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

const ICCID = '89911000000000010019';
const SUSPENDED: TSimDiagnosis = {
  sim: { id: hexId('5'), iccid: ICCID, status: 'SUSPENDED', organization: { id: hexId('a'), tradeName: 'Krishna Telemetry' } },
  profiles: [{ iccid: ICCID, operator: 'AIRTEL', network: null }],
  checks: [
    {
      key: 'PROVIDER_STATUS',
      outcome: 'FAIL',
      reason: 'SUSPENDED',
      summary: 'The SIM is suspended: it cannot reach the network',
      iccid: null,
      evidence: { status: 'SUSPENDED', reason: null },
      fix: { action: 'RESUME', target: null },
    },
    {
      key: 'REGISTRATION',
      outcome: 'WARN',
      reason: 'NOT_ASKED',
      summary: 'AIRTEL has not been asked yet',
      iccid: ICCID,
      evidence: { operator: 'AIRTEL' },
      fix: { action: 'REFRESH', target: null },
    },
    {
      key: 'OPEN_REQUESTS',
      outcome: 'PASS',
      reason: 'NONE',
      summary: 'No request under way on the SIM',
      iccid: null,
      evidence: {},
      fix: null,
    },
  ],
  failing: 1,
  warning: 1,
  unanswered: [],
};
const REFRESHED: TSimDiagnosis = {
  ...SUSPENDED,
  checks: SUSPENDED.checks.map((c) =>
    c.key === 'REGISTRATION'
      ? {
          ...c,
          outcome: 'FAIL',
          reason: 'NEVER_SEEN',
          summary: 'Never seen on any network',
          fix: null,
          evidence: { operator: 'AIRTEL', attached: false },
        }
      : c,
  ),
  unanswered: [{ operator: 'AIRTEL', message: 'AIRTEL did not answer within 100 ms: what it said last is shown' }],
};

/** The SIM near its allowance, and its organisation's wallet short of the next renewal. */
const SHORT: TSimDiagnosis = {
  ...SUSPENDED,
  sim: { ...SUSPENDED.sim, status: 'ACTIVE' },
  checks: [
    {
      key: 'ALLOWANCE',
      outcome: 'WARN',
      reason: 'NEAR_LIMIT',
      summary: 'Used 15 of 18 MB and 4 of 100 SMS: close to the allowance',
      iccid: null,
      evidence: { usedMb: 15, dataMb: 18, usedSms: 4, smsCount: 100, overLimitAction: 'BAR', ingestedThrough: '2026-05-12' },
      fix: null,
    },
    {
      key: 'WALLET',
      outcome: 'FAIL',
      reason: 'SHORT',
      summary: "The organisation's wallet does not cover the next renewal",
      iccid: null,
      // 00:00 on 21/05/2026 in India.
      evidence: { available: 12_050, renewalPrice: 49_900, expiresAt: '2026-05-20T18:30:00.000Z' },
      fix: { action: 'TOP_UP', target: hexId('a') },
    },
  ],
  failing: 1,
  warning: 1,
};
/** The same, for a role that may not see the wallet: the server leaves its figures out. */
const SHORT_UNSEEN: TSimDiagnosis = {
  ...SHORT,
  checks: SHORT.checks.map((c) => (c.key === 'WALLET' ? { ...c, evidence: { ...c.evidence, available: null, renewalPrice: null } } : c)),
};

/** An active SIM its operator holds suspended: the provider's state is the fix. */
const MISMATCHED: TSimDiagnosis = {
  ...SUSPENDED,
  sim: { ...SUSPENDED.sim, status: 'ACTIVE' },
  checks: [
    {
      key: 'OPERATOR_PROVISIONING',
      outcome: 'FAIL',
      reason: 'MISMATCH',
      summary: 'AIRTEL holds it SUSPENDED, but it should be ACTIVE',
      iccid: ICCID,
      evidence: { operator: 'AIRTEL', atOperator: 'SUSPENDED', expected: 'ACTIVE', checkedAt: '2026-05-12T10:00:00.000Z' },
      fix: { action: 'SYNC_STATE', target: 'RESUME' },
    },
  ],
  failing: 1,
  warning: 0,
};

function renderPage(scopes: Parameters<typeof scopesFrom>[0], number = ICCID, diagnosis = SUSPENDED) {
  const onNumber = vi.fn();
  const fetchMock = answerFetch(
    sessionAnswers(makeUser(), scopesFrom(scopes), (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/v1/sim/sim-diagnosis' && method === 'GET') {
        if (url.searchParams.get('iccid') !== ICCID)
          return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'SIM not found' } };
        return { body: { success: true, data: diagnosis } };
      }
      if (url.pathname === '/api/v1/sim/sim-diagnosis/refresh')
        return { body: { success: true, message: 'AIRTEL did not answer', data: REFRESHED } };
      if (url.pathname === '/api/v1/sim/sim-diagnosis/sync' && method === 'POST') {
        return {
          body: {
            success: true,
            message: 'Request BJ00000089 created',
            data: {
              request: makeRequest({ id: hexId('8'), batchJobId: 'BJ00000089', type: 'SYNC_STATE' }),
              preview: null,
              replayed: false,
            },
          },
        };
      }
      if (url.pathname === '/api/v1/request' && method === 'POST') {
        return {
          status: 201,
          body: {
            success: true,
            message: 'Request BJ00000088 created',
            data: { request: makeRequest({ id: hexId('7'), batchJobId: 'BJ00000088', type: 'RESUME' }), preview: null, replayed: false },
          },
        };
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <SimDiagnosis number={number} onNumber={onNumber} />
    </SignedIn>,
    { route: `/sim-diagnosis?number=${number}` },
  );
  return { onNumber, calls: fetchMock.calls, user: userEvent.setup() };
}

const row = (key: string) => document.querySelector(`li[data-check="${key}"]`) as HTMLElement;

describe('SimDiagnosis', () => {
  it('shows failing checks first with their fix; Resume asks first, then makes one request on the SIM', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user, calls } = renderPage({ 'sim-diagnosis': true, 'sim-actions': true });
    await screen.findByRole('list', { name: 'Checks' }, { timeout: 10_000 });
    const items = within(screen.getByRole('list', { name: 'Checks' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-outcome'))).toEqual(['FAIL', 'WARN', 'PASS']);
    expect(screen.getByTestId('diagnosis-counts')).toHaveTextContent('1 failing · 1 to look at');
    expect(row('PROVIDER_STATUS')).toHaveTextContent('The SIM is suspended: it cannot reach the network');
    await user.click(within(row('PROVIDER_STATUS')).getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume?' });
    expect(dialog).toHaveTextContent(`SIM ${ICCID} is resumed at its operator, in one request.`);
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Request BJ00000088 created'));
    const made = calls.find((c) => c.url.pathname === '/api/v1/request' && c.method === 'POST')!;
    expect(made.body).toEqual({ type: 'RESUME', iccids: [ICCID] });
  });

  it("a provisioning mismatch offers Send our state: asked first, then one request sends the SIM's state to its operators", async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user, calls } = renderPage({ 'sim-diagnosis': true, 'sim-actions': true }, ICCID, MISMATCHED);
    await screen.findByRole('list', { name: 'Checks' }, { timeout: 10_000 });
    await user.click(within(row('OPERATOR_PROVISIONING')).getByRole('button', { name: 'Send our state' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send our state?' });
    expect(dialog).toHaveTextContent(`The operators of SIM ${ICCID} are asked to hold it as our records say (RESUME)`);
    await user.click(within(dialog).getByRole('button', { name: 'Send our state' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Request BJ00000089 created'));
    const made = calls.find((c) => c.url.pathname === '/api/v1/sim/sim-diagnosis/sync')!;
    expect(made.body).toEqual({ iccid: ICCID });
  });

  it('offers no Send our state to a role without SIM actions', async () => {
    renderPage({ 'sim-diagnosis': true }, ICCID, MISMATCHED);
    await screen.findByRole('list', { name: 'Checks' }, { timeout: 10_000 });
    expect(within(row('OPERATOR_PROVISIONING')).queryByRole('button')).toBeNull();
  });

  it('Refresh shows what the operators said and which did not answer', async () => {
    vi.spyOn(notify, 'warning').mockImplementation(() => {});
    const { user } = renderPage({ 'sim-diagnosis': true });
    await screen.findByRole('list', { name: 'Checks' }, { timeout: 10_000 });
    await user.click(screen.getAllByRole('button', { name: 'Refresh' })[0]!);
    expect(await screen.findByText('AIRTEL did not answer: what it said last is shown')).toBeInTheDocument();
    expect(row('REGISTRATION')).toHaveTextContent('Never seen on any network');
  });

  it('offers no fix the role cannot use', async () => {
    renderPage({ 'sim-diagnosis': [] });
    await screen.findByRole('list', { name: 'Checks' }, { timeout: 10_000 });
    expect(within(row('PROVIDER_STATUS')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Raise a ticket' })).not.toBeInTheDocument();
  });

  it('offers Raise a ticket to a role that raises tickets: the ticket form for this SIM and its organisation', async () => {
    renderPage({ 'sim-diagnosis': [], tickets: ['addTickets'] });
    const raise = await screen.findByRole('link', { name: 'Raise a ticket' }, { timeout: 10_000 });
    expect(raise).toHaveAttribute('href', `/tickets/add?diagnosis=${ICCID}&organizationId=${hexId('a')}`);
  });

  it('checks what is typed before looking it up, and says when no SIM has it', async () => {
    const { user, onNumber } = renderPage({ 'sim-diagnosis': true }, '89911000000000099999');
    expect(await screen.findByText('No SIM 89911000000000099999 here.', {}, { timeout: 10_000 })).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'ICCID, MSISDN or IMSI' });
    await user.clear(box);
    await user.type(box, 'hello');
    await user.click(screen.getByRole('button', { name: 'Diagnose' }));
    expect(screen.getByText('Type an ICCID (starting 89), an MSISDN (10 to 13 digits) or an IMSI (15 digits)')).toBeInTheDocument();
    expect(onNumber).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Diagnose' }));
    expect(onNumber).toHaveBeenCalledWith('+919876543210');
  });

  it('shows the allowance used and the wallet short of the renewal in rupees, with Add money for a role with the wallet', async () => {
    renderPage({ 'sim-diagnosis': true, wallet: true }, ICCID, SHORT);
    await screen.findByRole('list', { name: 'Checks' }, { timeout: 10_000 });
    const wallet = row('WALLET');
    expect(wallet).toHaveTextContent('Wallet');
    expect(wallet).toHaveTextContent("The organisation's wallet holds ₹120.50, less than the next renewal at ₹499.00");
    expect(wallet).toHaveTextContent('Available: ₹120.50 · Renewal price: ₹499.00 · Expires: 21/05/2026 12:00 AM');
    expect(within(wallet).getByRole('link', { name: 'Add money' })).toHaveAttribute('href', `/wallet?organizationId=${hexId('a')}`);
    const allowance = row('ALLOWANCE');
    expect(allowance).toHaveTextContent('Allowance');
    expect(allowance).toHaveTextContent('Used 15.0 of 18 MB and 4 of 100 SMS: close to the allowance');
    expect(allowance).toHaveTextContent('Past the allowance: barred · Usage as of: 12/05/2026');
  });

  it('words the wallet without figures, and offers no Add money, for a role without the wallet', async () => {
    renderPage({ 'sim-diagnosis': true }, ICCID, SHORT_UNSEEN);
    await screen.findByRole('list', { name: 'Checks' }, { timeout: 10_000 });
    const wallet = row('WALLET');
    expect(wallet).toHaveTextContent("The organisation's wallet does not cover the next renewal");
    expect(wallet).not.toHaveTextContent('₹');
    expect(wallet).not.toHaveTextContent('Available');
    expect(within(wallet).queryByRole('link', { name: 'Add money' })).not.toBeInTheDocument();
  });

  it('says the wallet and allowance checks in Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderPage({ 'sim-diagnosis': true, wallet: true }, ICCID, SHORT);
    await screen.findByRole('list', { name: 'जाँचें' }, { timeout: 10_000 });
    expect(row('WALLET')).toHaveTextContent('संगठन के वॉलेट में ₹120.50 हैं, अगले नवीनीकरण (₹499.00) से कम');
    expect(within(row('WALLET')).getByRole('link', { name: 'पैसा जोड़ें' })).toBeInTheDocument();
    expect(row('ALLOWANCE')).toHaveTextContent('18 में से 15.0 एमबी और 100 में से 4 एसएमएस उपयोग हुए: सीमा के करीब');
  });
});
