import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import type { TIpGroup } from '@tarang/shared/whitelists/whitelist.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeIpGroup } from '../testing/whitelist-data';
import { IpGroupsTable } from './ip-groups-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const STAFF = makeUser({ id: hexId('1') });
const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });

const APPROVED = makeIpGroup();
const PENDING = makeIpGroup({
  id: hexId('f'),
  name: 'Meter head ends',
  organization: { id: hexId('b'), tradeName: 'Urja Smart Meters' },
  organizationId: hexId('b'),
  reviewStatus: 'PENDING',
  reviewedBy: null,
  reviewedAt: null,
  entries: [],
  proposedEntries: [
    { address: '198.51.100.0/24', protocol: 'UDP', portFrom: 5000, portTo: 5100 },
    { address: '2001:db8::/48', protocol: 'TCP', portFrom: 443, portTo: 443 },
  ],
  updatedAt: '2026-11-24T18:45:00.000Z',
});
const REJECTED = makeIpGroup({
  id: hexId('c'),
  name: 'Old tracker servers',
  status: 'INACTIVE',
  reviewStatus: 'REJECTED',
  reviewReason: 'Use the APN gateway range instead',
  proposedEntries: [{ address: '192.0.2.0/24', protocol: 'ANY', portFrom: 1, portTo: 65535 }],
});

type TAnswer = { status?: number; body: unknown };
const ALL = { 'ip-group': true } as const;

function renderTable({
  me = STAFF,
  scopes = ALL,
  rows = [APPROVED, PENDING, REJECTED],
  change = (): TAnswer => ({ status: 500, body: { success: false, code: 'INTERNAL', message: 'There is an error!' } }),
}: {
  me?: typeof STAFF;
  scopes?: Parameters<typeof scopesFrom>[0];
  rows?: TIpGroup[];
  change?: (url: URL, body: unknown) => TAnswer;
} = {}) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom(scopes), (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/v1/whitelist/ip-group' && method === 'GET') {
        return { body: { success: true, data: rows, meta: { page: 1, limit: 25, total: rows.length } } };
      }
      if (url.pathname.startsWith('/api/v1/whitelist/ip-group/') && method !== 'GET') {
        return change(url, init.body ? JSON.parse(String(init.body)) : undefined);
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <IpGroupsTable />
    </SignedIn>,
    { route: '/white-listing/group' },
  );
  return {
    calls: fetchMock.calls,
    listCalls: () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/whitelist/ip-group' && c.method === 'GET'),
    changes: () => fetchMock.calls.filter((c) => c.method !== 'GET' && c.url.pathname.startsWith('/api/v1/whitelist/')),
  };
}

const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('IpGroupsTable', () => {
  it('shows each group with its organisation, entries, review, status and when it changed (India time)', async () => {
    const { listCalls } = renderTable();
    const approved = await rowOf('Telemetry back ends');
    expect(within(approved).getByText('Sanchar Connect')).toBeInTheDocument();
    expect(within(approved).getByText('2')).toBeInTheDocument();
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText('Active')).toBeInTheDocument();
    expect(within(approved).getByText('21/11/2026 10:30 AM')).toBeInTheDocument();
    const pending = await rowOf('Meter head ends');
    expect(within(pending).getByText('0 · 2 waiting for review')).toBeInTheDocument();
    expect(within(pending).getByText('Waiting for review')).toBeInTheDocument();
    // 18:45 UTC is already the next day in India.
    expect(within(pending).getByText('25/11/2026 12:15 AM')).toBeInTheDocument();
    const rejected = await rowOf('Old tracker servers');
    expect(within(rejected).getByText('2 · 1 rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Reason: Use the APN gateway range instead')).toBeInTheDocument();
    expect(within(rejected).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Organisation' })).toBeInTheDocument();
    const first = listCalls()[0]!.url.searchParams;
    expect(first.get('sort')).toBe('-updatedAt');
    expect(first.get('page')).toBe('1');
  });

  it('offers staff every action, Approve Request and Reject Request only on a group waiting for review', async () => {
    renderTable();
    await rowOf('Meter head ends');
    for (const name of ['View', 'Edit', 'Change the status of', 'Delete group']) {
      expect(screen.getByRole('button', { name: `${name} Telemetry back ends` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Approve the request for Meter head ends' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject the request for Meter head ends' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve the request for Telemetry back ends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject the request for Old tracker servers' })).not.toBeInTheDocument();
  });

  it('never offers an organisation user the review, nor the organisation column when it reaches only its own', async () => {
    renderTable({ me: CUSTOMER, rows: [APPROVED, { ...PENDING, organization: APPROVED.organization }] });
    await rowOf('Meter head ends');
    expect(screen.getByRole('button', { name: 'Edit Meter head ends' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change the status of Meter head ends' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete group Meter head ends' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve the request for Meter head ends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject the request for Meter head ends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Organisation' })).not.toBeInTheDocument();
  });

  it('shows only the actions the role allows', async () => {
    renderTable({ scopes: { 'ip-group': ['approveRequest'] } });
    await rowOf('Meter head ends');
    expect(screen.getByRole('button', { name: 'View Meter head ends' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve the request for Meter head ends' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject the request for Meter head ends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Meter head ends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the status of Meter head ends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete group Meter head ends' })).not.toBeInTheDocument();
  });

  it('needs a reason to reject a request, and sends it', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { changes } = renderTable({
      change: () => ({ body: { success: true, message: 'IP group rejected', data: { ...PENDING, reviewStatus: 'REJECTED' } } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject the request for Meter head ends' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the request for Meter head ends?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Request' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters: the customer sees it')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(changes()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Use the APN gateway range instead');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Request' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('IP group rejected'));
    const post = changes()[0]!;
    expect(post.method).toBe('POST');
    expect(post.url.pathname).toBe(`/api/v1/whitelist/ip-group/${PENDING.id}/reject`);
    expect(post.body).toEqual({ reason: 'Use the APN gateway range instead' });
  });

  it('approves a request after asking', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { changes } = renderTable({
      change: () => ({ body: { success: true, message: 'IP group approved', data: { ...PENDING, reviewStatus: 'APPROVED' } } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve the request for Meter head ends' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this request?' });
    expect(dialog).toHaveTextContent('The 2 entries waiting for review become the entries of Meter head ends');
    expect(changes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve Request' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('IP group approved'));
    expect(changes()[0]!.url.pathname).toBe(`/api/v1/whitelist/ip-group/${PENDING.id}/approve`);
  });

  it('changes the status after asking, and shows why a group in use cannot be deleted', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { changes } = renderTable({
      change: (url) =>
        url.pathname.endsWith('/status')
          ? { body: { success: true, message: 'Status changed', data: { ...APPROVED, status: 'INACTIVE' } } }
          : {
              status: 409,
              body: { success: false, code: 'CONFLICT', message: 'IP group is applied to 12 SIMs; remove it from them first' },
            },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change the status of Telemetry back ends' }, { timeout: 10_000 }));
    const ask = await screen.findByRole('dialog', { name: 'Deactivate this group?' });
    await user.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Status changed'));
    expect(changes()[0]).toMatchObject({ method: 'PUT', body: { status: 'INACTIVE' } });
    expect(changes()[0]!.url.pathname).toBe(`/api/v1/whitelist/ip-group/${APPROVED.id}/status`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete group Telemetry back ends' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this IP group?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Group' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('IP group is applied to 12 SIMs; remove it from them first'));
    expect(changes()[1]).toMatchObject({ method: 'DELETE' });
  });

  it('shows the approved entries apart from those rejected, with the reason', async () => {
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View Old tracker servers' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'IP group Old tracker servers' });
    const approved = within(dialog).getByRole('region', { name: 'Approved entries (2)' });
    expect(
      within(approved)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['10.1.2.0/24 TCP 443', '203.0.113.7/32 ANY all ports']);
    const rejected = within(dialog).getByRole('region', { name: 'Rejected (1)' });
    expect(within(rejected).getByText('Reason given: Use the APN gateway range instead')).toBeInTheDocument();
    expect(within(rejected).getByRole('listitem')).toHaveTextContent('192.0.2.0/24 ANY all ports');
  });

  it('edits a group: a new name alone keeps the entries, changed entries go to review', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const answers: TAnswer[] = [
      { body: { success: true, message: 'IP group updated', data: { group: { ...REJECTED, name: 'Tracker servers' }, merged: [] } } },
      {
        body: {
          success: true,
          message: 'Changes sent for approval',
          data: { group: { ...REJECTED, reviewStatus: 'PENDING' }, merged: [] },
        },
      },
    ];
    const { changes } = renderTable({ change: () => answers.shift()! });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Old tracker servers' }, { timeout: 10_000 }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Old tracker servers' });
    // The rejected entries are the ones to correct.
    expect(within(within(dialog).getByRole('group', { name: 'Destination 1' })).getByLabelText(/^Address/)).toHaveValue('192.0.2.0/24');
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Tracker servers');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('IP group updated'));
    expect(changes()[0]).toMatchObject({ method: 'PUT', body: { name: 'Tracker servers', description: null } });
    expect(changes()[0]!.url.pathname).toBe(`/api/v1/whitelist/ip-group/${REJECTED.id}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Old tracker servers' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Old tracker servers' });
    const address = within(within(dialog).getByRole('group', { name: 'Destination 1' })).getByLabelText(/^Address/);
    await user.clear(address);
    await user.type(address, '192.0.2.0/25');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Changes sent for approval'));
    expect(changes()[1]!.body).toEqual({
      name: 'Old tracker servers',
      description: null,
      entries: [{ address: '192.0.2.0/25', protocol: 'ANY' }],
    });
  });

  it('filters by review status on the server', async () => {
    const { listCalls } = renderTable();
    await rowOf('Meter head ends');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Review'));
    await user.click(await screen.findByRole('option', { name: 'Waiting for review' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('reviewStatus')).toBe('PENDING'));
  });
});
