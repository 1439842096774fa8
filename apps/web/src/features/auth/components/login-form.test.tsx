import { JWE_COMPACT_PATTERN } from '@tarang/shared/auth/sealed-password';
import { MESSAGES } from '@tarang/shared/common/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePermissions } from '@/lib/permissions';
import { createTestLoginKey } from '@/testing/login-key';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { LoginForm } from './login-form';

let testKey: Awaited<ReturnType<typeof createTestLoginKey>>;
beforeAll(async () => {
  testKey = await createTestLoginKey();
});

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const loginData = {
  user: {
    id: 'a'.repeat(24),
    firstName: 'Asha',
    lastName: 'Rao',
    avatar: null,
    email: null,
    phone: '+919876543210',
    role: { id: 'b'.repeat(24), name: 'Operations' },
    organization: null,
    status: 'ACTIVE',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  role: {
    name: 'Operations',
    authScopes: {
      dashboard: { allowed: true, actions: {} },
      'sim-inventory': { allowed: true, actions: { allocate: true, diagnose: false } },
    },
  },
  token: {
    access: { token: 'access-1', expires: new Date(Date.now() + 900_000).toISOString() },
    refresh: { token: 'refresh-1', expires: new Date(Date.now() + 86_400_000).toISOString() },
  },
};

async function renderLogin(onSuccess = vi.fn()) {
  await renderWithProviders(<LoginForm onSuccess={onSuccess} />, { route: '/auth/login' });
  return { onSuccess, user: userEvent.setup() };
}

describe('LoginForm', () => {
  it('shows the fields of the sign-in form with the terms accepted by default', async () => {
    await renderLogin();
    expect(screen.getByLabelText('Email or phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: /terms and conditions/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Lost password?' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('gives the spec messages for an empty form and for terms not accepted', async () => {
    const { user } = await renderLogin();
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.termsRequired)).toBeInTheDocument();
    expect(screen.getByText('Enter phone number or email')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to our terms and conditions')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = await renderLogin();
    const input = screen.getByLabelText('Password');
    await user.type(input, 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('adds +91 to a phone number, seals the password, stores the session and says so', async () => {
    let releaseKey!: () => void;
    const keyGate = new Promise<void>((resolve) => (releaseKey = resolve));
    const fetchMock = answerFetch(async (url) => {
      if (url.pathname === '/api/v1/auth/login-key') {
        await keyGate;
        return { body: { success: true, data: testKey.key } };
      }
      if (url.pathname === '/api/v1/auth/login') return { body: { success: true, message: 'Successfully logged in', data: loginData } };
      return { status: 404, body: { success: false, message: 'Not found', code: 'ROUTE_NOT_FOUND' } };
    });
    restore = fetchMock.restore;
    const { user, onSuccess } = await renderLogin();
    await user.type(screen.getByLabelText('Email or phone number'), '98765 43210');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.loggingIn)).toBeInTheDocument();
    releaseKey();
    expect(await screen.findByText(MESSAGES.loggedIn)).toBeInTheDocument();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));

    const login = fetchMock.calls.find((c) => c.url.pathname === '/api/v1/auth/login')!;
    const body = login.body as { username: string; password: string };
    expect(body.username).toBe('+919876543210');
    expect(body.password).toMatch(JWE_COMPACT_PATTERN);
    expect(await testKey.open(body.password)).toEqual({ password: 'Secret-Pass-1', nonce: testKey.key.nonce });

    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('tarang.refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('accessExpiresAt')).toBe(loginData.token.access.expires);
    expect(localStorage.getItem('refreshExpiresAt')).toBe(loginData.token.refresh.expires);
    expect(decodePermissions(localStorage.getItem('permissions'))).toEqual(['dashboard', 'sim-inventory', 'sim-inventory.allocate']);
  });

  it('keeps an e-mail as it is', async () => {
    const fetchMock = answerFetch((url) =>
      url.pathname === '/api/v1/auth/login-key'
        ? { body: { success: true, data: testKey.key } }
        : { body: { success: true, message: 'Successfully logged in', data: loginData } },
    );
    restore = fetchMock.restore;
    const { user, onSuccess } = await renderLogin();
    await user.type(screen.getByLabelText('Email or phone number'), 'Ops@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const login = fetchMock.calls.find((c) => c.url.pathname === '/api/v1/auth/login')!;
    expect((login.body as { username: string }).username).toBe('ops@example.com');
  });

  it('shows the server message when the sign-in is refused, and keeps the form', async () => {
    const fetchMock = answerFetch((url) =>
      url.pathname === '/api/v1/auth/login-key'
        ? { body: { success: true, data: testKey.key } }
        : { status: 401, body: { success: false, message: 'Invalid username or password', code: 'INVALID_CREDENTIALS', requestId: 'r1' } },
    );
    restore = fetchMock.restore;
    const { user, onSuccess } = await renderLogin();
    await user.type(screen.getByLabelText('Email or phone number'), 'ops@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid username or password');
    expect(screen.getAllByText('Invalid username or password').length).toBeGreaterThanOrEqual(2); // toast and form
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email or phone number')).toHaveValue('ops@example.com');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("says 'Login failed!' when the server refuses without a message", async () => {
    const fetchMock = answerFetch((url) =>
      url.pathname === '/api/v1/auth/login-key' ? { body: { success: true, data: testKey.key } } : { status: 500, body: null },
    );
    restore = fetchMock.restore;
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('Email or phone number'), 'ops@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(MESSAGES.loginFailed);
  });

  it("says 'Could not login' and shows the error in the form when the server cannot be reached", async () => {
    const original = globalThis.fetch;
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    restore = () => {
      globalThis.fetch = original;
    };
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('Email or phone number'), 'ops@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.couldNotLogin)).toBeInTheDocument();
    expect(screen.getByTestId('login-error')).toHaveTextContent(MESSAGES.genericClientError);
  });
});

describe('LoginForm, second step', () => {
  const challenge = { challenge: 'challenge-1', step: 'verify' as const, expiresAt: new Date(Date.now() + 300_000).toISOString() };

  function serve(second: (body: Record<string, unknown>) => { status?: number; body: unknown }) {
    return answerFetch((url, init) => {
      if (url.pathname === '/api/v1/auth/login-key') return { body: { success: true, data: testKey.key } };
      if (url.pathname === '/api/v1/auth/login')
        return { body: { success: true, message: 'Enter the code from your authenticator app', data: { twoFactor: challenge } } };
      if (url.pathname === '/api/v1/auth/login/two-factor') return second(JSON.parse(String(init?.body)));
      return { status: 404, body: { success: false, message: 'Not found', code: 'ROUTE_NOT_FOUND' } };
    });
  }

  async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Email or phone number'), 'ops@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    return await screen.findByLabelText('Authentication code');
  }

  it('asks for the code after the password, stores no session before it, and signs in with it', async () => {
    const fetchMock = serve(() => ({ body: { success: true, message: 'Successfully logged in', data: loginData } }));
    restore = fetchMock.restore;
    const { user, onSuccess } = await renderLogin();
    const field = await passwordStep(user);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const second = fetchMock.calls.find((c) => c.url.pathname === '/api/v1/auth/login/two-factor')!;
    expect(second.body).toEqual({ challenge: 'challenge-1', code: '123456' });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
  });

  it('sends a recovery code as one, and shows a wrong code without leaving the step', async () => {
    const fetchMock = serve((body) =>
      body.recoveryCode === 'abcd-efgh-jkmn'
        ? { status: 400, body: { success: false, code: 'OTP_INVALID', message: 'The code is wrong or has expired' } }
        : { body: { success: true, data: loginData } },
    );
    restore = fetchMock.restore;
    const { user, onSuccess } = await renderLogin();
    const field = await passwordStep(user);
    await user.type(field, 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong or has expired');
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('goes back to the password when the challenge has expired', async () => {
    const fetchMock = serve(() => ({
      status: 401,
      body: { success: false, code: 'TOKEN_INVALID', message: 'This sign-in has expired; sign in again' },
    }));
    restore = fetchMock.restore;
    const { user } = await renderLogin();
    await user.type(await passwordStep(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired; sign in again');
  });

  it('hands a set-up challenge to the page instead of asking for a code', async () => {
    const enrol = { ...challenge, step: 'enrol' as const };
    const fetchMock = answerFetch((url) =>
      url.pathname === '/api/v1/auth/login-key'
        ? { body: { success: true, data: testKey.key } }
        : { body: { success: true, data: { twoFactor: enrol } } },
    );
    restore = fetchMock.restore;
    const onEnrolmentRequired = vi.fn();
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} onEnrolmentRequired={onEnrolmentRequired} />, { route: '/auth/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or phone number'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onEnrolmentRequired).toHaveBeenCalledWith(enrol));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
