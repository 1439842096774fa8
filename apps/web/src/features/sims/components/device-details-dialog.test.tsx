import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hexId, makeUser, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { DeviceDetailsDialog } from './device-details-dialog';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const ICCID = '8991100000000020009';

function renderDialog(scopes: Parameters<typeof scopesFrom>[0], seen = true) {
  const fetchMock = answerFetch(
    sessionAnswers(makeUser(), scopesFrom(scopes), (url) => {
      if (url.pathname === '/api/v1/sim/device-details' && url.searchParams.get('iccid') === ICCID) {
        return {
          body: {
            success: true,
            data: {
              iccid: ICCID,
              imei: seen ? '356938035643809' : null,
              seenAt: null,
              source: seen ? 'RECORDS' : null,
              tac: null,
              device: { id: hexId('d'), name: 'Teltonika FMB920' },
            },
          },
        };
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <DeviceDetailsDialog iccid={ICCID} onClose={() => {}} />
    </SignedIn>,
  );
}

describe('DeviceDetailsDialog', () => {
  it('names the device registered with the SIM, linked to its page for a role that may edit devices', async () => {
    renderDialog({ 'sim-details': ['fetchDeviceDetails'], device: ['edit'] });
    const details = await screen.findByTestId('device-details', {}, { timeout: 10_000 });
    expect(details).toHaveTextContent('Registered deviceTeltonika FMB920');
    expect(within(details).getByRole('link', { name: 'Teltonika FMB920' })).toHaveAttribute('href', `/device/edit/${hexId('d')}`);
  });

  it('names the device holding the SIM even before any IMEI was seen with it', async () => {
    renderDialog({ 'sim-details': ['fetchDeviceDetails'], device: ['edit'] }, false);
    const dialog = await screen.findByRole('dialog', { name: 'Device details' }, { timeout: 10_000 });
    const details = await within(dialog).findByTestId('device-details');
    expect(dialog).toHaveTextContent('No device has been seen with this SIM yet.');
    expect(details).toHaveTextContent('Registered deviceTeltonika FMB920');
    expect(details).not.toHaveTextContent('IMEI');
    expect(within(details).getByRole('link', { name: 'Teltonika FMB920' })).toHaveAttribute('href', `/device/edit/${hexId('d')}`);
  });

  it('names it without a link for a role that may not edit devices', async () => {
    renderDialog({ 'sim-details': ['fetchDeviceDetails'], device: ['showVehicle'] });
    const details = await screen.findByTestId('device-details', {}, { timeout: 10_000 });
    expect(details).toHaveTextContent('Registered deviceTeltonika FMB920');
    expect(within(details).queryByRole('link')).not.toBeInTheDocument();
  });
});
