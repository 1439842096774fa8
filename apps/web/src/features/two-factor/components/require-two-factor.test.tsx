import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { RequireTwoFactor } from './require-two-factor';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

async function renderAt(status: { enabled: boolean; required: boolean }, staff: boolean) {
  const me = makeUser(staff ? {} : { organization: { id: ORG_A.id, tradeName: ORG_A.tradeName } as never });
  const fetchMock = answerFetch(
    sessionAnswers(me, {}, (url) =>
      url.pathname === '/api/v1/auth/two-factor'
        ? { body: { success: true, data: { ...status, enabledAt: null, recoveryCodesLeft: 0 } } }
        : { status: 404, body: { success: false, code: 'ROUTE_NOT_FOUND', message: 'Not found' } },
    ),
  );
  restore = fetchMock.restore;
  await renderWithProviders(
    <SignedIn>
      <RequireTwoFactor userId={me.id} staff={staff} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </SignedIn>,
    { route: '/sim-inventory' },
  );
  return { me, fetchMock };
}

describe('RequireTwoFactor', () => {
  it('keeps a staff user who must have it and has not set it up on their profile', async () => {
    const { me } = await renderAt({ enabled: false, required: true }, true);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/management/user/edit/${me.id}`));
  });

  it('leaves a staff user who has it where they are', async () => {
    const { fetchMock } = await renderAt({ enabled: true, required: true }, true);
    await waitFor(() => expect(fetchMock.calls.some((c) => c.url.pathname === '/api/v1/auth/two-factor')).toBe(true));
    expect(screen.getByTestId('where')).toHaveTextContent('/sim-inventory');
  });

  it('does not ask for an organisation user', async () => {
    const { fetchMock } = await renderAt({ enabled: false, required: true }, false);
    expect(await screen.findByTestId('where')).toHaveTextContent('/sim-inventory');
    expect(fetchMock.calls.some((c) => c.url.pathname === '/api/v1/auth/two-factor')).toBe(false);
  });
});
