import { fullAuthScopes } from '@tarang/shared/roles/auth-scopes';
import type { TRole } from '@tarang/shared/roles/role.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '@/app/query-provider';
import { notify } from '@/lib/notify';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { RoleForm } from './role-form';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

function mockApi(post?: () => { status?: number; body: unknown }) {
  const fetchMock = answerFetch((_url, init) => {
    if ((init.method ?? 'GET') === 'GET') return { body: { success: true, data: [] } };
    return post?.() ?? { status: 201, body: { success: true, message: 'Role created', data: { id: 'r'.repeat(24) } } };
  });
  restore = fetchMock.restore;
  return fetchMock;
}

async function renderForm(props: Partial<Parameters<typeof RoleForm>[0]> = {}) {
  const onSaved = vi.fn();
  await renderWithProviders(
    <QueryProvider>
      <RoleForm isStaff ownOrganizationId={null} grantable={fullAuthScopes()} canSave onSaved={onSaved} onCancel={() => {}} {...props} />
    </QueryProvider>,
  );
  await screen.findByTestId('auth-scopes-editor', {}, { timeout: 10_000 });
  return { user: userEvent.setup(), onSaved };
}

describe('RoleForm', () => {
  it('asks for a name and at least one module', async () => {
    const { calls } = mockApi();
    const { user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one module')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the staff role with the matrix as authScopes', async () => {
    const { calls } = mockApi();
    const { user, onSaved } = await renderForm();
    await user.type(screen.getByLabelText(/^Name/), 'Support desk');
    await user.click(screen.getByLabelText('Kind'));
    await user.click(await screen.findByRole('option', { name: 'Staff' }));
    await user.click(screen.getByRole('checkbox', { name: 'Access to Dashboard' }));
    await user.click(screen.getByRole('checkbox', { name: 'Job: View Tasks' }));
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Support desk',
      description: null,
      kind: 'STAFF',
      organizationId: null,
      authScopes: {
        dashboard: { allowed: true, actions: {} },
        job: { allowed: true, actions: { viewTasks: true, changeStatus: false } },
      },
    });
  });

  it('shows the kind only to staff, and puts the server 403 on the matrix', async () => {
    mockApi(() => ({
      status: 403,
      body: {
        success: false,
        code: 'FORBIDDEN',
        message: 'authScopes: You cannot grant permissions you do not hold',
        errors: [{ path: 'authScopes', message: 'You cannot grant permissions you do not hold' }],
      },
    }));
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { user } = await renderForm({ isStaff: false, ownOrganizationId: 'c'.repeat(24) });
    expect(screen.queryByLabelText('Kind')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Fleet viewer');
    await user.click(screen.getByRole('checkbox', { name: 'Everything in Dashboard' }));
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('You cannot grant permissions you do not hold')).toBeInTheDocument();
  });

  it('shows a built-in role read-only', async () => {
    mockApi();
    const role: TRole = {
      id: 's'.repeat(24),
      name: 'Super Admin',
      description: null,
      organizationId: null,
      kind: 'STAFF',
      authScopes: fullAuthScopes(),
      system: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    await renderForm({ role });
    expect(screen.getByText('This is a built-in role: its permissions cannot be changed.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Access to Dashboard' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
