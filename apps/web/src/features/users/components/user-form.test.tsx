import { fullAuthScopes, scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { createTestLoginKey } from '@/testing/login-key';
import { hexId, makeRole, makeUser, ORG_A, ORG_B, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { UserForm } from './user-form';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

const ME = makeUser();
const ROLES = [
  makeRole({ id: hexId('c'), name: 'Operations', kind: 'STAFF' }),
  makeRole({ id: hexId('d'), name: 'Org Admin', kind: 'ORGANIZATION' }),
  makeRole({ id: hexId('e'), name: 'Sanchar Fleet Manager', kind: 'ORGANIZATION', organizationId: ORG_A.id }),
  makeRole({ id: hexId('f'), name: 'Urja Viewer', kind: 'ORGANIZATION', organizationId: ORG_B.id }),
];
const ORGANIZATIONS = [
  { ...ORG_A, parentId: null, status: 'ACTIVE' },
  { ...ORG_B, parentId: ORG_A.id, status: 'ACTIVE' },
];

type TAnswer = { status?: number; body: unknown };

async function renderForm(
  options: { user?: ReturnType<typeof makeUser>; answer?: (url: URL, method: string, body: unknown) => TAnswer | undefined } = {},
) {
  const loginKey = await createTestLoginKey('nonce-42');
  const fetchMock = answerFetch(
    sessionAnswers(ME, fullAuthScopes(), (url, init) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const custom = options.answer?.(url, method, body);
      if (custom) return custom;
      if (url.pathname === '/api/v1/roles')
        return { body: { success: true, data: ROLES, meta: { page: 1, limit: 500, total: ROLES.length } } };
      if (url.pathname === '/api/v1/organization')
        return { body: { success: true, data: ORGANIZATIONS, meta: { page: 1, limit: 500, total: 2 } } };
      if (url.pathname === '/api/v1/auth/login-key') return { body: { success: true, data: loginKey.key } };
      if (url.pathname === '/api/v1/users' && method === 'POST') return { status: 202, body: { success: true, message: 'User created' } };
      if (url.pathname.startsWith('/api/v1/users/') && method === 'PUT')
        return { body: { success: true, message: 'User updated', data: { ...options.user, ...body } } };
      return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    }),
  );
  restore = fetchMock.restore;
  const onSaved = vi.fn();
  renderWithProviders(
    <SignedIn>
      <UserForm user={options.user} onSaved={onSaved} onCancel={() => {}} />
    </SignedIn>,
  );
  await screen.findByRole('form', {}, { timeout: 10_000 });
  return { calls: fetchMock.calls, onSaved, open: loginKey.open };
}

async function roleChoices(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: /Role/ }));
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
}

describe('UserForm', () => {
  it('offers staff roles to a staff user and the roles of the organisation line to an organisation user', async () => {
    await renderForm();
    const user = userEvent.setup();
    expect(screen.getByRole('combobox', { name: /Organisation/ })).toHaveValue('No organisation (staff)');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Role/ })).not.toHaveAttribute('aria-disabled'));
    expect(await roleChoices(user)).toEqual(['Operations']);

    await user.click(screen.getByRole('combobox', { name: /Organisation/ }));
    await user.click(await screen.findByRole('option', { name: 'Urja Smart Meters' }));
    // The platform's organisation roles, the parent's and its own; never a staff role.
    expect(await roleChoices(user)).toEqual(['Org Admin', 'Sanchar Fleet Manager', 'Urja Viewer']);
  });

  it('says what is missing and sends nothing', async () => {
    const { calls } = await renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Give an email or a phone number')).toBeInTheDocument();
    expect(screen.getByText('Choose a role')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('seals the initial password and adds +91 to the phone', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { calls, onSaved, open } = await renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First name/), 'Neha');
    await user.type(screen.getByLabelText(/Last name/), 'Kulkarni');
    await user.type(screen.getByLabelText(/Phone/), '98765 43210');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Operations' }));
    await user.click(screen.getByRole('radio', { name: 'Set an initial password' }));
    await user.type(screen.getByLabelText(/Initial password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Password Must be atleast 8 character')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Initial password/));
    await user.type(screen.getByLabelText(/Initial password/), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('User created');

    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/users')!;
    const body = post.body as Record<string, unknown>;
    expect(body).toMatchObject({
      firstName: 'Neha',
      lastName: 'Kulkarni',
      email: null,
      phone: '+919876543210',
      role: hexId('c'),
      organizationId: null,
    });
    expect(JSON.stringify(body)).not.toContain('Correct-Horse-42');
    expect(await open(body.password as string)).toEqual({ password: 'Correct-Horse-42', nonce: 'nonce-42' });
  });

  it("shows the strength of the initial password and refuses the new user's own name and phone", async () => {
    const { calls } = await renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First name/), 'Neha');
    await user.type(screen.getByLabelText(/Last name/), 'Kulkarni');
    await user.type(screen.getByLabelText(/Phone/), '98765 43210');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Operations' }));
    await user.click(screen.getByRole('radio', { name: 'Set an initial password' }));
    const field = screen.getByLabelText(/Initial password/);
    const meter = () => screen.findByTestId('password-strength');

    await user.type(field, 'Kulkarni#Lotus-88');
    await waitFor(async () => expect(await meter()).toHaveTextContent('The password must not contain your name'));
    expect(await meter()).toHaveTextContent('Password strength: Weak');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'Lotus-9876543210');
    await waitFor(async () => expect(await meter()).toHaveTextContent('The password must not contain your phone number'));

    await user.clear(field);
    await user.type(field, 'Quartz-Monsoon-8841-Lotus');
    await waitFor(async () => expect(await meter()).toHaveTextContent('Password strength: Strong'));
  });

  it('invites the user when no password is set', async () => {
    const { calls, onSaved } = await renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First name/), 'Ravi');
    await user.type(screen.getByLabelText(/Last name/), 'Das');
    await user.type(screen.getByLabelText(/Email/), 'Ravi.Das@Urja.in');
    await user.click(screen.getByRole('combobox', { name: /Organisation/ }));
    await user.click(await screen.findByRole('option', { name: 'Urja Smart Meters' }));
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Urja Viewer' }));
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toEqual({
      firstName: 'Ravi',
      lastName: 'Das',
      email: 'ravi.das@urja.in',
      phone: null,
      avatar: null,
      role: hexId('f'),
      organizationId: ORG_B.id,
    });
    expect(calls.some((c) => c.url.pathname === '/api/v1/auth/login-key')).toBe(false);
  });

  it("puts the server's field errors on the field they are about", async () => {
    const { onSaved } = await renderForm({
      answer: (url, method) =>
        url.pathname === '/api/v1/users' && method === 'POST'
          ? {
              status: 409,
              body: {
                success: false,
                code: 'CONFLICT',
                message: 'email: This email is already in use',
                errors: [{ path: 'email', message: 'This email is already in use' }],
              },
            }
          : undefined,
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First name/), 'Kavita');
    await user.type(screen.getByLabelText(/Last name/), 'Iyer');
    await user.type(screen.getByLabelText(/Email/), 'kavita.iyer@tarang.local');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Operations' }));
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription('This email is already in use'));
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('lets you edit your own details but not your role, status or organisation', async () => {
    const { calls, onSaved } = await renderForm({ user: ME });
    const user = userEvent.setup();
    expect(screen.getByText('You cannot change your own role, status or organisation.')).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(screen.getByLabelText('Role')).toHaveValue('Super Admin');
    expect(screen.getByLabelText('Organisation')).toBeDisabled();
    expect(screen.getByLabelText('Status')).toBeDisabled();
    await user.clear(screen.getByLabelText(/Last name/));
    await user.type(screen.getByLabelText(/Last name/), 'Rao-Menon');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/v1/users/${ME.id}`);
    expect(put.body).toEqual({
      firstName: 'Asha',
      lastName: 'Rao-Menon',
      email: 'asha@tarang.local',
      phone: '+919800000001',
      avatar: null,
    });
  });

  it("changes another user's status", async () => {
    const other = makeUser({ id: hexId('5'), firstName: 'Arjun', lastName: 'Mehta', role: { id: hexId('c'), name: 'Operations' } });
    const { calls, onSaved } = await renderForm({ user: other });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Role/ })).toHaveTextContent('Operations'));
    await user.click(screen.getByRole('combobox', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Disabled' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ role: hexId('c'), organizationId: null, status: 'DISABLED' });
  });
});

describe('UserForm without the right to edit', () => {
  it('is read-only', async () => {
    const fetchMock = answerFetch(
      sessionAnswers(ME, scopesFrom({ dashboard: true }), () => ({
        status: 403,
        body: { success: false, code: 'FORBIDDEN', message: 'x' },
      })),
    );
    restore = fetchMock.restore;
    renderWithProviders(
      <SignedIn>
        <UserForm user={ME} onSaved={() => {}} onCancel={() => {}} />
      </SignedIn>,
    );
    expect(await screen.findByText(/Your role does not allow changing these details/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
