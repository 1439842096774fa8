import { MESSAGES } from '@tarang/shared/common/messages';
import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestLoginKey } from '@/testing/login-key';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { ChangePasswordForm } from './change-password-form';

let testKey: Awaited<ReturnType<typeof createTestLoginKey>>;
beforeAll(async () => {
  testKey = await createTestLoginKey('nonce-for-change');
});

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const exact = { normalizer: getDefaultNormalizer({ trim: true, collapseWhitespace: false }) };

async function fill(user: ReturnType<typeof userEvent.setup>, values: { current?: string; next?: string; confirm?: string }) {
  if (values.current) await user.type(screen.getByLabelText('Current password'), values.current);
  if (values.next) await user.type(screen.getByLabelText('New password'), values.next);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('gives the spec messages for empty fields', async () => {
    await renderWithProviders(<ChangePasswordForm username="ops@example.com" />);
    const user = userEvent.setup();
    await fill(user, {});
    expect(await screen.findByText('Current Password is Required')).toBeInTheDocument();
    expect(screen.getByText('New Password is Required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is Required')).toBeInTheDocument();
  });

  it('asks for at least 8 characters', async () => {
    await renderWithProviders(<ChangePasswordForm username="ops@example.com" />);
    const user = userEvent.setup();
    await fill(user, { current: 'Old-Pass-1', next: 'short', confirm: 'short' });
    expect(await screen.findByText('Password Must be atleast 8 character')).toBeInTheDocument();
  });

  it('says, word for word, when the confirmation does not match', async () => {
    await renderWithProviders(<ChangePasswordForm username="ops@example.com" />);
    const user = userEvent.setup();
    await fill(user, { current: 'Old-Pass-1', next: 'New-Pass-12345', confirm: 'New-Pass-54321' });
    const message = await screen.findByText('Confirm Password doest not  match', exact);
    expect(message.textContent).toBe(MESSAGES.confirmPasswordMismatch);
    expect(message.textContent).toContain('not  match');
  });

  it('asks for the username when nobody is signed in', async () => {
    await renderWithProviders(<ChangePasswordForm username={null} />);
    const user = userEvent.setup();
    await fill(user, { current: 'Old-Pass-1', next: 'New-Pass-12345', confirm: 'New-Pass-12345' });
    expect(await screen.findByText(MESSAGES.usernameRequired)).toBeInTheDocument();
  });

  it('seals both passwords with one login key, then shows the server message and the dialog', async () => {
    const fetchMock = answerFetch((url) =>
      url.pathname === '/api/v1/auth/login-key'
        ? { body: { success: true, data: testKey.key } }
        : { body: { success: true, message: 'Password changed successfully' } },
    );
    restore = fetchMock.restore;
    await renderWithProviders(<ChangePasswordForm username="9876543210" />);
    const user = userEvent.setup();
    await fill(user, { current: 'Old-Pass-1', next: 'New-Pass-12345', confirm: 'New-Pass-12345' });

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MESSAGES.passwordChangedDialog);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('Password changed successfully')).toBeInTheDocument();

    expect(fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/auth/login-key')).toHaveLength(1);
    const call = fetchMock.calls.find((c) => c.url.pathname === '/api/v1/auth/change-password')!;
    const body = call.body as { username: string; password: string; newpassword: string };
    expect(body.username).toBe('+919876543210');
    expect(await testKey.open(body.password)).toEqual({ password: 'Old-Pass-1', nonce: 'nonce-for-change' });
    expect(await testKey.open(body.newpassword)).toEqual({ password: 'New-Pass-12345', nonce: 'nonce-for-change' });
  });

  it("shows the server's message as an error and keeps the form", async () => {
    // The console does not know the name of whoever changes a password without signing in; the server does.
    const fetchMock = answerFetch((url) =>
      url.pathname === '/api/v1/auth/login-key'
        ? { body: { success: true, data: testKey.key } }
        : { status: 422, body: { success: false, message: 'The password must not contain your name', code: 'WEAK_PASSWORD' } },
    );
    restore = fetchMock.restore;
    await renderWithProviders(<ChangePasswordForm username="ops@example.com" />);
    const user = userEvent.setup();
    await fill(user, { current: 'Old-Pass-1', next: 'Meera-Iyer-Lotus-88', confirm: 'Meera-Iyer-Lotus-88' });
    expect(await screen.findByText('The password must not contain your name')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('Old-Pass-1');
    expect(screen.getByLabelText('New password')).toHaveValue('Meera-Iyer-Lotus-88');
  });
});
