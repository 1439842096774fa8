import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import DeviceAddRoute from './device-add';
import DeviceInventoryRoute from './device-inventory';
import DevicesRoute from './devices';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const CUSTOMER = makeUser({ id: hexId('2'), organization: ORG_A });

function renderRoute(page: React.ReactElement, scopes: Parameters<typeof scopesFrom>[0], route: string) {
  const fetchMock = answerFetch(
    sessionAnswers(CUSTOMER, scopesFrom(scopes), () => ({ body: { success: true, data: [], meta: { page: 1, limit: 25, total: 0 } } })),
  );
  restore = fetchMock.restore;
  renderWithProviders(<SignedIn>{page}</SignedIn>, { route });
}

describe('device pages', () => {
  it('offers Add Device to a role that may add, and says when the list is empty', async () => {
    renderRoute(<DevicesRoute />, { device: ['addDevice'] }, '/device');
    expect(await screen.findByRole('link', { name: 'Add Device' }, { timeout: 10_000 })).toHaveAttribute('href', '/device/add');
    expect(await screen.findByText('No devices found')).toBeInTheDocument();
  });

  it('offers neither Add Device nor its form to a role that may not add', async () => {
    renderRoute(<DevicesRoute />, { device: ['edit'] }, '/device');
    expect(await screen.findByText('No devices found', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Device' })).not.toBeInTheDocument();
    restore?.();
    renderRoute(<DeviceAddRoute />, { device: ['edit'] }, '/device/add');
    expect(await screen.findByText('403', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('the inventory offers Add to inventory to a role with add-device-inventory', async () => {
    renderRoute(<DeviceInventoryRoute />, { 'device-inventory': ['addDeviceInventory'] }, '/device-inventory');
    const header = await screen.findByRole('heading', { level: 1, name: 'Device Inventory' }, { timeout: 10_000 });
    expect(header).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to inventory' })).toHaveAttribute('href', '/device-inventory/add');
    expect(await within(screen.getByTestId('device-inventory')).findByText('No devices in the inventory')).toBeInTheDocument();
  });
});
