import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { UsersTable } from './users-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const ME = makeUser({ id: hexId('1'), firstName: 'Asha', lastName: 'Rao' });
const VIKRAM = makeUser({
  id: hexId('2'),
  firstName: 'Vikram',
  lastName: 'Singh',
  email: 'vikram.singh@sancharconnect.in',
  phone: '+919820000001',
  role: { id: hexId('8'), name: 'Org Admin' },
  organization: ORG_A,
  createdAt: '2026-11-21T18:45:00.000Z',
});

function renderTable(scopes: Parameters<typeof scopesFrom>[0], route = '/management/user', rows = [ME, VIKRAM]) {
  const fetchMock = answerFetch(
    sessionAnswers(ME, scopesFrom(scopes), (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/v1/users' && method === 'GET') {
        const id = url.searchParams.get('_id');
        const data = id ? rows.filter((r) => r.id === id) : rows;
        return { body: { success: true, data, meta: { page: 1, limit: 25, total: data.length } } };
      }
      if (url.pathname === '/api/v1/organization') return { body: { success: true, data: [], meta: { page: 1, limit: 500, total: 0 } } };
      if (url.pathname.endsWith('/send-mail') && method === 'POST') return { body: { success: true, message: 'Mail sent' } };
      if (url.pathname.startsWith('/api/v1/users/') && method === 'DELETE') return { body: { success: true, message: 'User deleted' } };
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  const listCalls = () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/users' && c.method === 'GET');
  return {
    calls: fetchMock.calls,
    listCalls,
    view: renderWithProviders(
      <SignedIn>
        <UsersTable />
      </SignedIn>,
      { route },
    ),
  };
}

describe('UsersTable', () => {
  it('shows each user with their contact, role, organisation and the date in Indian time', async () => {
    const { listCalls } = renderTable({ user: true });
    const row = (await screen.findByText('Vikram Singh', {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('vikram.singh@sancharconnect.in')).toBeInTheDocument();
    expect(within(row).getByText('+919820000001')).toBeInTheDocument();
    expect(within(row).getByText('Org Admin')).toBeInTheDocument();
    expect(within(row).getByText('Sanchar Connect')).toBeInTheDocument();
    // 18:45 UTC is 00:15 the next day in Asia/Kolkata.
    expect(within(row).getByText('22/11/2026 12:15 AM')).toBeInTheDocument();
    const staffRow = screen.getByText('Asha Rao').closest('[role="row"]') as HTMLElement;
    expect(within(staffRow).getByText('Staff')).toBeInTheDocument();
    const first = listCalls()[0]!.url.searchParams;
    expect(first.get('page')).toBe('1');
    expect(first.get('limit')).toBe('25');
    expect(first.get('sort')).toBe('-createdAt');
  });

  it('shows only the actions the role allows', async () => {
    renderTable({ user: [] });
    await screen.findByText('Vikram Singh', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Delete Vikram Singh' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send mail to Vikram Singh' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Vikram Singh' })).not.toBeInTheDocument();
    // Everyone may open their own profile.
    expect(screen.getByRole('link', { name: 'Edit Asha Rao' })).toHaveAttribute('href', `/management/user/edit/${ME.id}`);
  });

  it('asks before sending mail, then shows the server message', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { calls } = renderTable({ user: ['sendMail', 'delete'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send mail to Vikram Singh' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Send mail?' });
    expect(calls.some((c) => c.url.pathname.endsWith('/send-mail'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Send Mail' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Mail sent'));
    const post = calls.find((c) => c.url.pathname.endsWith('/send-mail'))!;
    expect(post.url.pathname).toBe(`/api/v1/users/${VIKRAM.id}/send-mail`);
    // Nobody deletes themselves: no delete button on their own row.
    expect(screen.queryByRole('button', { name: 'Delete Asha Rao' })).not.toBeInTheDocument();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const { calls } = renderTable({ user: ['delete'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Vikram Singh' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(dialog).toHaveTextContent('Vikram Singh will no longer be able to sign in.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('shows the one user of ?_id= with a chip that brings back the whole list', async () => {
    const { listCalls } = renderTable({ user: true }, `/management/user?_id=${VIKRAM.id}`);
    await screen.findByText('Vikram Singh', {}, { timeout: 10_000 });
    expect(screen.queryByText('Asha Rao')).not.toBeInTheDocument();
    expect(listCalls()[0]!.url.searchParams.get('_id')).toBe(VIKRAM.id);
    expect(screen.getByTestId('id-filter-chip')).toHaveTextContent('Showing one user');
    const user = userEvent.setup();
    await user.click(screen.getByTitle('Show all users'));
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(screen.queryByTestId('id-filter-chip')).not.toBeInTheDocument();
    expect(listCalls().at(-1)!.url.searchParams.has('_id')).toBe(false);
  });

  it('searches on the server', async () => {
    const { listCalls } = renderTable({ user: true });
    await screen.findByText('Vikram Singh', {}, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'vikram');
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('search')).toBe('vikram'), { timeout: 3000 });
  });
});
