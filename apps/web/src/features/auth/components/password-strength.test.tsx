import { PASSWORD_REASONS } from '@tarang/shared/auth/password-rules';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import en from '@/locales/password/en.json';
import { createTestLoginKey } from '@/testing/login-key';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { ChangePasswordForm } from './change-password-form';
import { ResetPasswordForm } from './reset-password-form';

let testKey: Awaited<ReturnType<typeof createTestLoginKey>>;
beforeAll(async () => {
  testKey = await createTestLoginKey('nonce-for-strength');
});

let restore: (() => void) | null = null;
afterEach(async () => {
  restore?.();
  restore = null;
  await act(() => i18n.changeLanguage('en'));
});

const meter = () => screen.findByTestId('password-strength');

describe('the password strength meter', () => {
  it('shows the level and the reason as the user types, in English', async () => {
    await renderWithProviders(<ResetPasswordForm mode="link" token="link-token" />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('New password');

    await user.type(field, 'aaaaaaaa');
    await waitFor(async () => expect(await meter()).toHaveTextContent('Password strength: Weak'));
    expect(await meter()).toHaveTextContent('Repeated characters such as "aaa" or "abcabc" are easy to guess');
    expect((await meter()).dataset.level).toBe('weak');

    await user.clear(field);
    await user.type(field, 'password1');
    await waitFor(async () => expect(await meter()).toHaveTextContent('This password is too common; choose another'));

    await user.clear(field);
    await user.type(field, 'Jaihind@123');
    await waitFor(async () => expect(await meter()).toHaveTextContent('Password strength: Fair'));
    expect(await meter()).toHaveTextContent('This password is too common; choose another');

    await user.clear(field);
    await user.type(field, 'Quartz-Monsoon-8841-Lotus');
    await waitFor(async () => expect(await meter()).toHaveTextContent('Password strength: Strong'));
    expect(await meter()).not.toHaveTextContent('guess');
  });

  it('shows the level and the reason in Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    await renderWithProviders(<ResetPasswordForm mode="link" token="link-token" />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('नया पासवर्ड');

    await user.type(field, 'aaaaaaaa');
    await waitFor(async () => expect(await meter()).toHaveTextContent('पासवर्ड की मज़बूती: कमज़ोर'));
    expect(await meter()).toHaveTextContent('"aaa" या "abcabc" जैसे दोहराए गए अक्षरों का अनुमान लगाना आसान है');

    await user.clear(field);
    await user.type(field, 'Quartz-Monsoon-8841-Lotus');
    await waitFor(async () => expect(await meter()).toHaveTextContent('पासवर्ड की मज़बूती: मज़बूत'));
  });

  it("refuses the signed-in user's own e-mail, name and phone", async () => {
    const owner = { email: 'rahul.sharma@vaayu.in', phone: '+919876543210', firstName: 'Rahul', lastName: 'Sharma' };
    await renderWithProviders(<ChangePasswordForm username={owner.email} owner={owner} />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('New password');
    for (const [typed, reason] of [
      ['rahul.sharma@vaayu.in', PASSWORD_REASONS.containsEmail],
      ['Rahul2024!', PASSWORD_REASONS.containsName],
      ['Lotus-98765-43210', PASSWORD_REASONS.containsPhone],
    ] as const) {
      await user.clear(field);
      await user.type(field, typed);
      await waitFor(async () => expect(await meter()).toHaveTextContent(reason));
      expect(await meter()).toHaveTextContent('Password strength: Weak');
    }
  });

  it('does not send a password the rule refuses, and says why on the field', async () => {
    const fetchMock = answerFetch(() => ({ body: { success: true, data: testKey.key } }));
    restore = fetchMock.restore;
    await act(() => i18n.changeLanguage('hi'));
    await renderWithProviders(<ResetPasswordForm mode="link" token="link-token" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('नया पासवर्ड'), 'password1');
    await user.type(screen.getByLabelText('पासवर्ड की पुष्टि करें'), 'password1');
    await user.click(screen.getByRole('button', { name: 'पासवर्ड सेट करें' }));
    expect(await screen.findByText('यह पासवर्ड बहुत आम है; कोई दूसरा चुनें')).toBeInTheDocument();
    expect(screen.getByLabelText('नया पासवर्ड')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.calls.filter((c) => c.url.pathname.startsWith('/api/v1/auth/reset-password'))).toHaveLength(0);
  });

  it("translates the server's refusal", async () => {
    const fetchMock = answerFetch((url) =>
      url.pathname === '/api/v1/auth/login-key'
        ? { body: { success: true, data: testKey.key } }
        : { status: 422, body: { success: false, code: 'WEAK_PASSWORD', message: PASSWORD_REASONS.containsName } },
    );
    restore = fetchMock.restore;
    await act(() => i18n.changeLanguage('hi'));
    await renderWithProviders(<ResetPasswordForm mode="link" token="link-token" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('नया पासवर्ड'), 'Meera-Iyer-Lotus-88');
    await user.type(screen.getByLabelText('पासवर्ड की पुष्टि करें'), 'Meera-Iyer-Lotus-88');
    await user.click(screen.getByRole('button', { name: 'पासवर्ड सेट करें' }));
    expect(await screen.findByText('पासवर्ड में आपका नाम नहीं होना चाहिए')).toBeInTheDocument();
  });

  it('words every reason as the server does', () => {
    const { tooShort: _spec, ...reasons } = PASSWORD_REASONS;
    expect(en.reasons).toEqual(reasons);
  });
});
