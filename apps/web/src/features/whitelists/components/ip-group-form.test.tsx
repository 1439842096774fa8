import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, ORG_B, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { makeIpGroup } from '../testing/whitelist-data';
import { IpGroupForm } from './ip-group-form';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const STAFF = makeUser({ id: hexId('1') });
const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });
const ORGANIZATIONS = [
  { ...ORG_A, parentId: null },
  { ...ORG_B, parentId: null },
];

type TAnswer = { status?: number; body: unknown };
const created = (message = 'IP group sent for approval'): TAnswer => ({
  status: 201,
  body: { success: true, message, data: { group: makeIpGroup({ reviewStatus: 'PENDING' }), merged: [] } },
});

async function renderForm({ me = CUSTOMER, save = () => created() }: { me?: typeof STAFF; save?: () => TAnswer } = {}) {
  const onSaved = vi.fn();
  const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
  const fetchMock = answerFetch(
    sessionAnswers(me, scopesFrom({ 'ip-group': true, organisation: true }), (url, init) => {
      if (url.pathname === '/api/v1/whitelist/ip-group' && init.method === 'POST') return save();
      if (url.pathname === '/api/v1/organization') {
        const visible = me.organization ? ORGANIZATIONS.slice(0, 1) : ORGANIZATIONS;
        return { body: { success: true, data: visible, meta: { page: 1, limit: 500, total: visible.length } } };
      }
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <IpGroupForm onSaved={onSaved} onCancel={() => {}} />
    </SignedIn>,
  );
  await screen.findByRole('form', {}, { timeout: 10_000 });
  return { user: userEvent.setup(), onSaved, success, posts: () => fetchMock.calls.filter((c) => c.method === 'POST') };
}

const row = (n: number) => screen.getByRole('group', { name: `Destination ${n}` });

async function fillRow(user: ReturnType<typeof userEvent.setup>, n: number, address: string, protocol?: string, ports?: string) {
  if (n > 1) await user.click(screen.getByRole('button', { name: 'Add destination' }));
  const group = row(n);
  await user.type(within(group).getByLabelText(/^Address/), address);
  if (protocol) {
    await user.click(within(group).getByRole('combobox', { name: 'Protocol' }));
    await user.click(await screen.findByRole('option', { name: protocol }));
  }
  if (ports) await user.type(within(group).getByLabelText(/^Ports/), ports);
}

describe('IpGroupForm', () => {
  it('refuses a malformed address and a range broader than /16 before sending, under their rows', async () => {
    const { user, posts } = await renderForm();
    await user.type(screen.getByLabelText(/^Name/), 'Telemetry back ends');
    await fillRow(user, 1, '10.1.2.300');
    await fillRow(user, 2, '10.0.0.0/8', 'TCP', '443');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await within(row(1)).findByText("'10.1.2.300' is not a valid IPv4 address: 300 is more than 255")).toBeInTheDocument();
    expect(within(row(1)).getByLabelText(/^Address/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(row(2)).getByText(
        "'10.0.0.0/8' is too broad: the broadest range allowed for IPv4 is a /16; split it into /16 or narrower ranges",
      ),
    ).toBeInTheDocument();
    expect(within(row(2)).getByLabelText(/^Ports/)).not.toHaveAttribute('aria-invalid');
    expect(posts()).toHaveLength(0);
    // Corrected, the row's problem goes.
    const address = within(row(2)).getByLabelText(/^Address/);
    await user.clear(address);
    await user.type(address, '10.0.0.0/16');
    await waitFor(() => expect(address).not.toHaveAttribute('aria-invalid'));
  });

  it('posts the destinations in their canonical form, one a row, and shows what the server said', async () => {
    const { user, posts, onSaved, success } = await renderForm({
      save: () => created('IP group sent for approval; 1 duplicate entry merged'),
    });
    // An organisation user who reaches only its own organisation is not asked for one.
    expect(screen.queryByRole('combobox', { name: /Organisation/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), '  Telemetry back ends ');
    await fillRow(user, 1, ' 2001:DB8::/48 ', 'UDP', '5000 - 5100');
    await fillRow(user, 2, '203.0.113.7');
    await fillRow(user, 3, '203.0.113.7/32', undefined, '1-65535');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('IP group sent for approval; 1 duplicate entry merged');
    expect(posts()[0]!.url.pathname).toBe('/api/v1/whitelist/ip-group');
    expect(posts()[0]!.body).toEqual({
      name: 'Telemetry back ends',
      description: null,
      entries: [
        { address: '2001:db8::/48', protocol: 'UDP', ports: '5000-5100' },
        { address: '203.0.113.7/32', protocol: 'ANY' },
        { address: '203.0.113.7/32', protocol: 'ANY' },
      ],
    });
  });

  it('puts the server’s refusal of entries.1.ports under the second row', async () => {
    const { user, onSaved } = await renderForm({
      save: () => ({
        status: 422,
        body: {
          success: false,
          code: 'UNPROCESSABLE',
          message: 'entries.1.ports: Port range 8000-8100 is closed by the operator',
          errors: [{ path: 'entries.1.ports', message: 'Port range 8000-8100 is closed by the operator' }],
        },
      }),
    });
    await user.type(screen.getByLabelText(/^Name/), 'Telemetry back ends');
    await fillRow(user, 1, '10.1.2.0/24', 'TCP', '443');
    await fillRow(user, 2, '198.51.100.0/24', 'UDP', '8000-8100');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await within(row(2)).findByText('Port range 8000-8100 is closed by the operator')).toBeInTheDocument();
    expect(within(row(2)).getByLabelText(/^Ports/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(row(1)).getByLabelText(/^Ports/)).not.toHaveAttribute('aria-invalid');
    expect(
      screen.getByText('Some destinations were refused: correct the marked rows and save again').closest('[role="alert"]'),
    ).not.toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('turns a pasted list into rows', async () => {
    const { user } = await renderForm();
    await fillRow(user, 1, '192.0.2.10');
    await user.click(screen.getByRole('button', { name: 'Paste list' }));
    const box = screen.getByLabelText('Destinations, one a line');
    expect(box).toHaveValue('192.0.2.10 ANY');
    await user.clear(box);
    await user.type(box, '10.1.2.0/24 TCP 443{Enter}2001:db8::/48, udp, 5000-5100{Enter}{Enter}203.0.113.7');
    await user.click(screen.getByRole('button', { name: 'Show as rows' }));
    expect(within(row(1)).getByLabelText(/^Address/)).toHaveValue('10.1.2.0/24');
    expect(within(row(1)).getByRole('combobox', { name: 'Protocol' })).toHaveTextContent('TCP');
    expect(within(row(1)).getByLabelText(/^Ports/)).toHaveValue('443');
    expect(within(row(2)).getByLabelText(/^Address/)).toHaveValue('2001:db8::/48');
    expect(within(row(2)).getByRole('combobox', { name: 'Protocol' })).toHaveTextContent('UDP');
    expect(within(row(2)).getByLabelText(/^Ports/)).toHaveValue('5000-5100');
    expect(within(row(3)).getByLabelText(/^Address/)).toHaveValue('203.0.113.7');
    expect(within(row(3)).getByLabelText(/^Ports/)).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Destination 4' })).not.toBeInTheDocument();
  });

  it('asks staff whose group it is, and names the organisation in the body', async () => {
    const { user, posts, onSaved } = await renderForm({ me: STAFF });
    await user.type(screen.getByLabelText(/^Name/), 'Meter head ends');
    await fillRow(user, 1, '198.51.100.0/24', 'UDP', '5000-5100');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('Choose the organisation the group is for')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: /Organisation/ }));
    await user.click(await screen.findByRole('option', { name: ORG_B.tradeName }));
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posts()[0]!.body).toMatchObject({ organizationId: ORG_B.id, name: 'Meter head ends' });
  });
});
