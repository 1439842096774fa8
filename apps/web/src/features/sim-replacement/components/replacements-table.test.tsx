import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { luhnCheckDigit } from '@tarang/shared/sims/identifiers';
import type { TReplacement } from '@tarang/shared/sims/replacement.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { replacementsOptions, UNDER_WAY_POLL_MS } from '../api/get-replacements';
import { makeReplacement, NEW_ICCID, NEW_ICCID_2, OLD_ICCID, OLD_ICCID_2 } from '../testing/make-replacement';
import { ReplacementsTable } from './replacements-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const STAFF = makeUser({ id: hexId('1') });
const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });

const DONE = makeReplacement();
const FAILED = makeReplacement({
  id: hexId('5'),
  old: { id: hexId('6'), iccid: OLD_ICCID_2, status: 'ACTIVE' },
  new: { id: hexId('8'), iccid: NEW_ICCID_2, status: 'ALLOCATED' },
  operator: 'BSNL',
  state: 'FAILED',
  error: 'BSNL refused the number move: subscriber barred',
  requestId: hexId('c'),
  batchJobId: 'BJ00000051',
  completedAt: null,
});
const iccid = (n: number) => {
  const body = `89911000000000300${n}`;
  return body + luhnCheckDigit(body);
};
const WAITING = makeReplacement({ id: hexId('a'), old: { id: hexId('a'), iccid: iccid(1), status: 'ACTIVE' }, state: 'WAITING' });
const AT_OPERATOR = makeReplacement({ id: hexId('b'), old: { id: hexId('b'), iccid: iccid(2), status: 'ACTIVE' }, state: 'AT_OPERATOR' });
const CANCELLED = makeReplacement({ id: hexId('e'), old: { id: hexId('e'), iccid: iccid(3), status: 'ACTIVE' }, state: 'CANCELLED' });
const ROWS = [DONE, FAILED, WAITING, AT_OPERATOR, CANCELLED];

function renderTable({ me = STAFF, rows = ROWS, search = '' }: { me?: typeof STAFF; rows?: TReplacement[]; search?: string } = {}) {
  const fetchMock = answerFetch(
    sessionAnswers(
      me,
      scopesFrom({ 'replace-sim': true, request: true, 'sim-details': true, 'sim-inventory': ['viewDetails'] }),
      (url, init) => {
        const method = init.method ?? 'GET';
        if (url.pathname === '/api/v1/sim/replacements' && method === 'GET') {
          const state = url.searchParams.get('state');
          const data = state ? rows.filter((r) => r.state === state) : rows;
          return { body: { success: true, data, meta: { page: 1, limit: 25, total: data.length } } };
        }
        if (url.pathname === `/api/v1/sim/replacements/${FAILED.id}/retry` && method === 'POST') {
          return { body: { success: true, message: 'Replacement sent again', data: { ...FAILED, state: 'WAITING', error: null } } };
        }
        return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
      },
    ),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <ReplacementsTable />
    </SignedIn>,
    { route: `/replace-sim${search}` },
  );
  return {
    user: userEvent.setup(),
    listCalls: () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/sim/replacements'),
    changes: () => fetchMock.calls.filter((c) => c.method !== 'GET'),
  };
}

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('ReplacementsTable', () => {
  it('shows each replacement with its SIMs, operator, organisation, state, error, request and time', async () => {
    renderTable();
    const done = await rowOf(OLD_ICCID);
    expect(within(done).getByRole('link', { name: `Open SIM ${OLD_ICCID}` })).toHaveAttribute('href', `/sim-details?number=${OLD_ICCID}`);
    expect(within(done).getByRole('link', { name: `Open SIM ${NEW_ICCID}` })).toHaveAttribute('href', `/sim-details?number=${NEW_ICCID}`);
    expect(within(done).getByText('AIRTEL')).toBeInTheDocument();
    expect(within(done).getByText('Sanchar Connect')).toBeInTheDocument();
    expect(within(done).getByText('Damaged in the meter box')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'View request BJ00000042' })).toHaveAttribute('href', `/request/${hexId('f')}`);
    // 09:15 UTC is 02:45 PM in India.
    expect(within(done).getByText('22/11/2026 02:45 PM')).toBeInTheDocument();

    const failed = await rowOf(OLD_ICCID_2);
    expect(within(failed).getByText('BSNL refused the number move: subscriber barred')).toBeInTheDocument();
    // Each state in its words and colour.
    const chips = Object.fromEntries(
      Array.from(document.querySelectorAll('[data-state]')).map((chip) => [chip.getAttribute('data-state'), chip as HTMLElement]),
    );
    expect(chips.DONE).toHaveTextContent('Done');
    expect(chips.DONE).toHaveClass('MuiChip-colorSuccess');
    expect(chips.FAILED).toHaveTextContent('Failed');
    expect(chips.FAILED).toHaveClass('MuiChip-colorError');
    expect(chips.WAITING).toHaveTextContent('Waiting');
    expect(chips.AT_OPERATOR).toHaveTextContent('At operator');
    expect(chips.AT_OPERATOR).toHaveClass('MuiChip-colorInfo');
    expect(chips.CANCELLED).toHaveTextContent('Cancelled');
    expect(screen.getByRole('columnheader', { name: 'Organisation' })).toBeInTheDocument();
  });

  it('offers Retry on a Failed replacement only, asks first, and sends it again', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, changes } = renderTable();
    await rowOf(OLD_ICCID_2);
    const retries = screen.getAllByRole('button', { name: /^Retry the replacement of SIM / });
    expect(retries.map((b) => b.getAttribute('aria-label'))).toEqual([`Retry the replacement of SIM ${OLD_ICCID_2}`]);

    await user.click(retries[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Retry this replacement?' });
    expect(dialog).toHaveTextContent(`The replacement of SIM ${OLD_ICCID_2} by SIM ${NEW_ICCID_2} is sent to BSNL again.`);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(`Replacement of SIM ${OLD_ICCID_2} sent again`));
    expect(changes().map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`POST /api/v1/sim/replacements/${FAILED.id}/retry`]);
  });

  it("keeps the filters in the address and sends them; an organisation's user sees no organisation column", async () => {
    const { listCalls } = renderTable({ me: CUSTOMER, search: `?state=FAILED&iccid=${NEW_ICCID_2}` });
    await rowOf(OLD_ICCID_2);
    const params = listCalls().at(-1)!.url.searchParams;
    expect(params.get('state')).toBe('FAILED');
    expect(params.get('iccid')).toBe(NEW_ICCID_2);
    expect(screen.queryByText(OLD_ICCID)).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Organisation' })).not.toBeInTheDocument();
  });

  it('reads the list again while a replacement is waiting or at the operator, and stops once all have ended', () => {
    const interval = replacementsOptions({ page: 1, limit: 25 }).refetchInterval as (query: { state: { data: unknown } }) => number | false;
    const page = (rows: TReplacement[]) => ({ state: { data: { rows, total: rows.length } } });
    expect(interval(page([DONE, WAITING]))).toBe(UNDER_WAY_POLL_MS);
    expect(interval(page([AT_OPERATOR]))).toBe(UNDER_WAY_POLL_MS);
    expect(interval(page([DONE, FAILED, CANCELLED]))).toBe(false);
  });
});
