import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TSimWhitelist, TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRequest } from '@/features/requests/testing/make-request';
import { watchedRequests } from '@/features/requests/utils/watched-requests';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeIpGroup, makeSimWhitelist } from '../testing/whitelist-data';
import { SimWhitelistsTable } from './sim-whitelists-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const STAFF = makeUser({ id: hexId('1') });
const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });

const APPLIED = makeSimWhitelist();
const FAILED = makeSimWhitelist({
  iccid: '8991100000000010019',
  primaryIccid: '8991100000000010019',
  operator: 'BSNL',
  state: 'FAILED',
  error: 'Operator refused the whitelist: too many entries',
});
/** The second profile of a SIM whose own ICCID is …0035. */
const DRIFTED = makeSimWhitelist({
  iccid: '8991100000000010027',
  primaryIccid: '8991100000000010035',
  operator: 'VI',
  state: 'DRIFTED',
  error: 'VI holds no IP whitelist on this SIM',
  group: { id: hexId('c'), name: 'Meter head ends' },
});
const SCHEDULED = makeSimWhitelist({
  iccid: '8991100000000010043',
  primaryIccid: '8991100000000010043',
  state: 'SCHEDULED',
  scheduledAt: '2026-12-01T04:00:00.000Z',
  batchJobId: 'BJ00000050',
});
const REMOVED = makeSimWhitelist({
  iccid: '8991100000000010050',
  primaryIccid: '8991100000000010050',
  state: 'REMOVED',
  group: null,
  itemsCount: 0,
});
const ROWS = [APPLIED, FAILED, DRIFTED, SCHEDULED, REMOVED];
const STATES = { SCHEDULED: 1, PENDING: 0, APPLIED: 1, DRIFTED: 1, FAILED: 1, REMOVED: 1 };

type TAnswer = { status?: number; body: unknown };
const ALL = { 'whitelist-ip': true, 'whitelist-numbers': true, 'ip-group': true, 'number-group': true, request: true } as const;

const made = (batchJobId: string): TAnswer => ({
  status: 201,
  body: {
    success: true,
    message: `Request ${batchJobId} created`,
    data: { request: makeRequest({ id: hexId('7'), batchJobId, type: 'WHITELIST_IP' }), preview: null, replayed: false },
  },
});

function renderTable({
  kind = 'IP' as TWhitelistKind,
  me = STAFF,
  scopes = ALL as Parameters<typeof scopesFrom>[0],
  rows = ROWS,
  search = '',
}: {
  kind?: TWhitelistKind;
  me?: typeof STAFF;
  scopes?: Parameters<typeof scopesFrom>[0];
  rows?: TSimWhitelist[];
  /** The page's query (its filters). */
  search?: string;
} = {}) {
  const path = kind === 'IP' ? '/api/v1/whitelist/ip' : '/api/v1/whitelist/numbers';
  const keys: (string | null)[] = [];
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom(scopes), (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === path && method === 'GET') {
        const state = url.searchParams.get('state');
        const data = state ? rows.filter((r) => r.state === state) : rows;
        return { body: { success: true, data, meta: { page: 1, limit: 25, total: data.length, states: STATES } } };
      }
      if (url.pathname === '/api/v1/whitelist/ip-group' && method === 'GET') {
        const data = [makeIpGroup(), makeIpGroup({ id: hexId('c'), name: 'Meter head ends' })];
        return { body: { success: true, data, meta: { page: 1, limit: 500, total: data.length } } };
      }
      if (url.pathname === '/api/v1/whitelist/number-group' && method === 'GET') {
        return { body: { success: true, data: [], meta: { page: 1, limit: 500, total: 0 } } };
      }
      if (url.pathname === `${path}/resync` && method === 'POST' && JSON.parse(String(init.body)).dryRun) {
        const preview = { total: 2, valid: 2, invalid: 0, rows: [] };
        return { body: { success: true, message: '2 of 2 SIMs can take it', data: { request: null, preview, replayed: false } } };
      }
      if (url.pathname.startsWith(path) && method === 'POST') {
        keys.push((init.headers as Record<string, string> | undefined)?.['idempotency-key'] ?? null);
        return made('BJ00000077');
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <SimWhitelistsTable kind={kind} />
    </SignedIn>,
    { route: `${kind === 'IP' ? '/white-listing/ip' : '/white-listing/numbers'}${search}` },
  );
  return {
    keys,
    listCalls: () => fetchMock.calls.filter((c) => c.url.pathname === path && c.method === 'GET'),
    changes: () => fetchMock.calls.filter((c) => c.method !== 'GET'),
  };
}

const rowOf = async (iccid: string) => (await screen.findByText(iccid, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('SimWhitelistsTable', () => {
  it('shows each profile with its group, sync state and request, and how many profiles are in each state', async () => {
    const { listCalls } = renderTable();
    const applied = await rowOf(APPLIED.iccid);
    expect(within(applied).getByText('AIRTEL')).toBeInTheDocument();
    expect(within(applied).getByText('Sanchar Connect')).toBeInTheDocument();
    expect(within(applied).getByText('Telemetry back ends')).toBeInTheDocument();
    expect(within(applied).getByText('Applied')).toBeInTheDocument();
    // 09:15 UTC is 02:45 PM in India.
    expect(within(applied).getByText('22/11/2026 02:45 PM')).toBeInTheDocument();
    expect(within(applied).getByRole('link', { name: 'View request BJ00000042' })).toHaveAttribute('href', `/request/${hexId('f')}`);

    const failed = await rowOf(FAILED.iccid);
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Operator: Operator refused the whitelist: too many entries')).toBeInTheDocument();
    const drifted = await rowOf(DRIFTED.iccid);
    expect(within(drifted).getByText('Found: VI holds no IP whitelist on this SIM')).toBeInTheDocument();
    expect(within(drifted).getByText('SIM 8991100000000010035')).toBeInTheDocument();
    const scheduled = await rowOf(SCHEDULED.iccid);
    expect(within(scheduled).getByText('01/12/2026 09:30 AM')).toBeInTheDocument();
    const removed = await rowOf(REMOVED.iccid);
    expect(within(removed).getByText('Removed')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Entries' })).toBeInTheDocument();

    const counts = screen.getByRole('group', { name: 'Profiles by sync state' });
    expect(
      within(counts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Scheduled: 1', 'Pending: 0', 'Applied: 1', 'Drifted: 1', 'Failed: 1', 'Removed: 1']);
    // The API orders by ICCID and takes no sort.
    const first = listCalls()[0]!.url.searchParams;
    expect(first.get('page')).toBe('1');
    expect(first.has('sort')).toBe(false);
    expect(first.has('state')).toBe(false);
  });

  it('narrows the list to a state when its chip is pressed, and shows every state when pressed again', async () => {
    const { listCalls } = renderTable();
    await rowOf(APPLIED.iccid);
    const user = userEvent.setup();
    const failed = screen.getByRole('button', { name: 'Failed: 1' });
    expect(failed).toHaveAttribute('aria-pressed', 'false');
    await user.click(failed);
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('state')).toBe('FAILED'));
    await waitFor(() => expect(screen.queryByText(APPLIED.iccid)).not.toBeInTheDocument());
    expect(screen.getByText(FAILED.iccid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Failed: 1' })).toHaveAttribute('aria-pressed', 'true');
    // The counts stay those of every state.
    expect(screen.getByRole('button', { name: 'Applied: 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Failed: 1' }));
    expect(await screen.findByText(APPLIED.iccid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Failed: 1' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('filters by ICCID digits, group and operator on the server', async () => {
    const { listCalls } = renderTable();
    await rowOf(APPLIED.iccid);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'ICCID' }), '89911');
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('iccid')).toBe('89911'));
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Meter head ends' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('groupId')).toBe(hexId('c')));
    await user.click(screen.getByRole('combobox', { name: 'Operator' }));
    await user.click(await screen.findByRole('option', { name: 'BSNL' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('operator')).toBe('BSNL'));
  });

  it('offers each action only to the roles allowed, Re-sync only where the operator drifted or failed', async () => {
    renderTable();
    await rowOf(REMOVED.iccid);
    expect(screen.getByRole('link', { name: `Edit the whitelist of ${DRIFTED.iccid}` })).toHaveAttribute(
      'href',
      '/white-listing/ip/edit/8991100000000010035',
    );
    expect(screen.getByRole('button', { name: `Re-sync ${FAILED.iccid}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Re-sync ${DRIFTED.iccid}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Re-sync ${APPLIED.iccid}` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Cancel the whitelist of ${APPLIED.iccid}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Delete the whitelist of ${APPLIED.iccid}` })).toBeInTheDocument();
    // Nothing to take off a profile whose whitelist was removed.
    expect(screen.queryByRole('button', { name: `Cancel the whitelist of ${REMOVED.iccid}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete the whitelist of ${REMOVED.iccid}` })).not.toBeInTheDocument();
  });

  it('shows an organisation user only the actions its role holds, without the organisation column', async () => {
    renderTable({ me: CUSTOMER, scopes: { 'whitelist-ip': ['edit'] } });
    await rowOf(FAILED.iccid);
    expect(screen.getByRole('link', { name: `Edit the whitelist of ${FAILED.iccid}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Re-sync ${FAILED.iccid}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Cancel the whitelist of ${FAILED.iccid}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete the whitelist of ${FAILED.iccid}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Organisation' })).not.toBeInTheDocument();
    // Without the Ip Group module, no group filter and no link to requests it cannot open.
    expect(screen.queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View request BJ00000042' })).not.toBeInTheDocument();
  });

  it("re-syncs a drifted profile after asking: one request with the row's group on its SIM, followed until it ends", async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { changes, keys } = renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Re-sync ${DRIFTED.iccid}` }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-sync this SIM?' });
    expect(dialog).toHaveTextContent('Meter head ends is applied again to every profile of SIM 8991100000000010035');
    expect(changes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Re-sync' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Request BJ00000077 created'));
    expect(changes()).toHaveLength(1);
    expect(changes()[0]!.url.pathname).toBe('/api/v1/whitelist/ip');
    expect(changes()[0]!.body).toEqual({ groupId: hexId('c'), iccids: ['8991100000000010035'] });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(watchedRequests(STAFF.id).map((w) => w.batchJobId)).toEqual(['BJ00000077']);
  });

  it('narrowed to one group, re-syncs every SIM holding it that needs it: asks the server how many first, then one request', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { changes, keys } = renderTable({ search: `?groupId=${hexId('c')}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Re-sync Meter head ends' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-sync Meter head ends?' });
    expect(dialog).toHaveTextContent('2 SIMs hold Meter head ends where the operator drifted from it or refused it');
    expect(changes()).toHaveLength(1);
    expect(changes()[0]!.body).toEqual({ groupId: hexId('c'), dryRun: true });
    await user.click(within(dialog).getByRole('button', { name: 'Re-sync' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Request BJ00000077 created'));
    expect(changes()[1]!.url.pathname).toBe('/api/v1/whitelist/ip/resync');
    expect(changes()[1]!.body).toEqual({ groupId: hexId('c'), proceedWithValid: true });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers Re-sync on a profile given its group before the group changed, and says so', async () => {
    const outdated = makeSimWhitelist({ iccid: '8991100000000010068', primaryIccid: '8991100000000010068', outdated: true });
    renderTable({ rows: [outdated] });
    const row = await rowOf(outdated.iccid);
    expect(within(row).getByText('The group changed since it was applied')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Re-sync ${outdated.iccid}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Re-sync Telemetry/ })).not.toBeInTheDocument();
  });

  it('cancels a whitelist at a date and time typed in India time, sent as the UTC instant', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { changes } = renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Cancel the whitelist of ${APPLIED.iccid}` }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel the whitelist of SIM ${APPLIED.primaryIccid}?` });
    await user.click(within(dialog).getByRole('radio', { name: 'At a date and time' }));
    const at = within(dialog).getByLabelText(/^Date and time/);
    // A time already past is refused before anything is sent.
    fireEvent.change(at, { target: { value: '2020-01-15T09:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Whitelist' }));
    expect(await within(dialog).findByText('This time has passed: choose a later one')).toBeInTheDocument();
    expect(changes()).toHaveLength(0);
    // 09:30 in India is 04:00 UTC.
    fireEvent.change(at, { target: { value: '2030-01-15T09:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Whitelist' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Request BJ00000077 created'));
    expect(changes()[0]!.url.pathname).toBe('/api/v1/whitelist/ip/cancel');
    expect(changes()[0]!.body).toEqual({ iccids: [APPLIED.primaryIccid], scheduledAt: '2030-01-15T04:00:00.000Z' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancels a whitelist now when no time is chosen', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { changes } = renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Cancel the whitelist of ${FAILED.iccid}` }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel the whitelist of SIM ${FAILED.primaryIccid}?` });
    expect(within(dialog).getByRole('radio', { name: 'Now' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Whitelist' }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]!.body).toEqual({ iccids: [FAILED.primaryIccid] });
  });

  it('deletes a number whitelist after asking: taken off the SIM now', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const numbers = ROWS.map((r) => ({ ...r, kind: 'NUMBER' as const }));
    const { changes, listCalls } = renderTable({ kind: 'NUMBER', rows: numbers });
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: `Delete the whitelist of ${DRIFTED.iccid}` }, { timeout: 10_000 });
    expect(screen.getByRole('columnheader', { name: 'Numbers' })).toBeInTheDocument();
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this whitelist?' });
    expect(dialog).toHaveTextContent('The number whitelist is taken off every profile of SIM 8991100000000010035');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Request BJ00000077 created'));
    expect(changes()[0]!.url.pathname).toBe('/api/v1/whitelist/numbers/delete');
    expect(changes()[0]!.body).toEqual({ iccids: ['8991100000000010035'] });
    expect(listCalls()[0]!.url.pathname).toBe('/api/v1/whitelist/numbers');
  });
});
