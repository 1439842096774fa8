import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hexId, makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { IMEI } from '../testing/make-device';
import type { TSavedDevice } from '../utils/saved-device';
import { SavedDeviceNotice } from './saved-device-notice';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

function renderNotice(saved: TSavedDevice, scopes: Parameters<typeof scopesFrom>[0]) {
  const fetchMock = answerFetch(sessionAnswers(makeUser(), scopesFrom(scopes), () => ({ status: 404, body: { success: false } })));
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <SavedDeviceNotice saved={saved} />
    </SignedIn>,
  );
}

describe('SavedDeviceNotice', () => {
  it('names the IMEI lock request made for the SIM, with a link to it for a role that may view requests', async () => {
    renderNotice(
      { imei: IMEI, lockRequest: { id: hexId('7'), batchJobId: 'BJ00000077' }, lockRefused: null },
      { request: ['viewDetails'] },
    );
    const notice = await screen.findByTestId('device-saved', {}, { timeout: 10_000 });
    expect(notice).toHaveTextContent(`Device ${IMEI} saved`);
    expect(notice).toHaveTextContent(
      'IMEI lock request BJ00000077 made: the SIM will work only in this device once its operator has locked it.',
    );
    expect(within(notice).getByRole('link', { name: 'View request BJ00000077' })).toHaveAttribute('href', `/request/${hexId('7')}`);
  });

  it('says why the SIM was not locked, the device being saved', async () => {
    renderNotice({ imei: IMEI, lockRequest: null, lockRefused: 'The SIM cannot be IMEI-locked: SIM is in another request' }, {});
    const notice = await screen.findByTestId('device-saved', {}, { timeout: 10_000 });
    expect(notice).toHaveTextContent(
      `Device ${IMEI} is saved, but its SIM was not locked: The SIM cannot be IMEI-locked: SIM is in another request`,
    );
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
  });
});
