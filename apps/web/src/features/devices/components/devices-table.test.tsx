import type { TDevice } from '@tarang/shared/devices/device.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, ORG_B, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { ICCID, IMEI, IMEI_2, makeDevice, makeMaskedDevice } from '../testing/make-device';
import { DevicesTable } from './devices-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const STAFF = makeUser({ id: hexId('1') });
const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });

/** Seen by a role without View KYC: phone and document masked; its IMEI's TAC names another model. */
const LINKED = makeMaskedDevice({ tac: { make: 'Teltonika', model: 'FMB920 (LTE Cat 1)' } });
/** In stock: no SIM, no organisation, no end user. */
const STOCK = makeDevice({
  id: hexId('e'),
  imei: IMEI_2,
  make: 'Queclink',
  model: 'GV300',
  firmwareVersion: null,
  serial: null,
  organization: null,
  sim: null,
  vehicle: null,
  endUser: null,
  tac: null,
});

type TAnswer = { status?: number; body: unknown };
const ALL_SCOPES = scopesFrom({
  device: true,
  'device-inventory': true,
  'sim-details': true,
  'sim-inventory': ['viewDetails'],
  organisation: [],
});

function renderTable({
  me = STAFF,
  scopes = ALL_SCOPES,
  rows = [LINKED, STOCK],
  inventory = false,
  search = '',
  onDelete,
  onAssign,
}: {
  me?: typeof STAFF;
  scopes?: ReturnType<typeof scopesFrom>;
  rows?: TDevice[];
  inventory?: boolean;
  search?: string;
  onDelete?: (url: URL) => TAnswer;
  onAssign?: (body: Record<string, unknown>) => TAnswer;
} = {}) {
  const fetchMock = answerFetch(
    sessionAnswers(me, scopes, (url, init) => {
      const method = init.method ?? 'GET';
      if ((url.pathname === '/api/v1/device' || url.pathname === '/api/v1/device-inventory') && method === 'GET') {
        return { body: { success: true, data: rows, meta: { page: 1, limit: 25, total: rows.length } } };
      }
      if (url.pathname === `/api/v1/device/${LINKED.id}/vehicle`) {
        return {
          body: {
            success: true,
            data: {
              registration: 'MH12AB1234',
              type: 'TRUCK',
              device: LINKED,
              sim: { id: hexId('5'), iccid: ICCID, status: 'ACTIVE', msisdn: '+919812345678', operators: 'AIRTEL+BSNL' },
            },
          },
        };
      }
      if (url.pathname === '/api/v1/device/export') return { body: 'imei,make\r\n' };
      if (url.pathname.startsWith('/api/v1/device/') && method === 'DELETE' && onDelete) return onDelete(url);
      if (url.pathname === '/api/v1/device-inventory/assign' && method === 'PUT' && onAssign) {
        return onAssign(JSON.parse(String(init.body)) as Record<string, unknown>);
      }
      if (url.pathname === '/api/v1/organization') {
        return {
          body: {
            success: true,
            data: [
              { ...ORG_A, parentId: null },
              { ...ORG_B, parentId: null },
            ],
            meta: { page: 1, limit: 500, total: 2 },
          },
        };
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <DevicesTable inventory={inventory} />
    </SignedIn>,
    { route: `${inventory ? '/device-inventory' : '/device'}${search}` },
  );
  return {
    user: userEvent.setup(),
    listCalls: () => fetchMock.calls.filter((c) => c.url.pathname === (inventory ? '/api/v1/device-inventory' : '/api/v1/device')),
    changes: () => fetchMock.calls.filter((c) => c.method !== 'GET'),
    exportCalls: () => fetchMock.calls.filter((c) => c.url.pathname === '/api/v1/device/export'),
  };
}

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;

describe('DevicesTable', () => {
  it('shows each device with its make, SIM, vehicle, end user as the server sends it, organisation and time', async () => {
    renderTable();
    const row = await rowOf(IMEI);
    expect(within(row).getByText('Teltonika FMB920')).toBeInTheDocument();
    // The firmware, and the TAC's name when it is another model.
    expect(within(row).getByText('Firmware 03.27.07 · TAC: Teltonika FMB920 (LTE Cat 1)')).toBeInTheDocument();
    expect(within(row).getByText('S/N SN-000451')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: `Open SIM ${ICCID}` })).toHaveAttribute('href', `/sim-details?number=${ICCID}`);
    expect(within(row).getByText('MH12AB1234')).toBeInTheDocument();
    expect(within(row).getByText('Truck')).toBeInTheDocument();
    // Masked as sent: the console never has the whole phone or document.
    expect(within(row).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(row).getByText('Aadhaar ••••••••0124 · +91•••••••210')).toBeInTheDocument();
    expect(within(row).getByText('Sanchar Connect')).toBeInTheDocument();
    // 09:15 UTC is 02:45 PM in India.
    expect(within(row).getByText('22/11/2026')).toBeInTheDocument();
    expect(within(row).getByText('02:45 PM')).toBeInTheDocument();

    const stock = await rowOf(IMEI_2);
    expect(within(stock).getByText("Provider's stock")).toBeInTheDocument();
    // Show Vehicle only for a device fitted to one.
    expect(screen.getAllByRole('button', { name: /^Show the vehicle of device / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      `Show the vehicle of device ${IMEI}`,
    ]);
    expect(within(row).getByRole('link', { name: `Edit device ${IMEI}` })).toHaveAttribute('href', `/device/edit/${LINKED.id}`);
  });

  it('exports the devices the filters find, as CSV or XLSX', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:devices'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, exportCalls } = renderTable({ search: '?search=867169&linked=true' });
    await rowOf(LINKED.imei);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));
    await waitFor(() => expect(exportCalls()).toHaveLength(1));
    expect(Object.fromEntries(exportCalls()[0]!.url.searchParams)).toEqual({ search: '867169', linked: 'true', format: 'csv' });
    await waitFor(() => expect(saved).toEqual(['devices.csv']));
  });

  it('Show Vehicle: the vehicle with its device and the SIM in it', async () => {
    const { user } = renderTable();
    await rowOf(IMEI);
    await user.click(screen.getByRole('button', { name: `Show the vehicle of device ${IMEI}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Vehicle MH12AB1234' });
    const details = await within(dialog).findByTestId('vehicle-details');
    expect(details).toHaveTextContent('Vehicle typeTruck');
    expect(details).toHaveTextContent(`IMEI${IMEI}`);
    expect(details).toHaveTextContent('StatusActive');
    expect(details).toHaveTextContent('Mobile number+919812345678');
    expect(details).toHaveTextContent('OperatorsAIRTEL+BSNL');
    expect(within(dialog).getByRole('link', { name: `Open SIM ${ICCID}` })).toHaveAttribute('href', `/sim-details?number=${ICCID}`);
  });

  it('asks again when the device holds a SIM in service, and deletes it unlinked once the user agrees', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, changes } = renderTable({
      onDelete: (url) =>
        url.searchParams.get('unlink') === 'true'
          ? { body: { success: true, message: 'Device deleted' } }
          : {
              status: 409,
              body: {
                success: false,
                code: 'CONFLICT',
                message: `Device ${IMEI} holds SIM ${ICCID}, which is ACTIVE: unlink it to delete the device`,
                errors: [{ path: 'unlink', message: 'The device holds a SIM in service: delete with unlink=true to take it off' }],
              },
            },
    });
    await rowOf(IMEI);
    await user.click(screen.getByRole('button', { name: `Delete device ${IMEI}` }));
    const first = await screen.findByRole('dialog', { name: 'Delete this device?' });
    await user.click(within(first).getByRole('button', { name: 'Delete' }));

    const second = await screen.findByRole('dialog', { name: 'Unlink the SIM and delete?' });
    expect(second).toHaveTextContent(`Device ${IMEI} holds SIM ${ICCID}, which is in service.`);
    await user.click(within(second).getByRole('button', { name: 'Unlink and delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Device deleted'));
    expect(changes().map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      `DELETE /api/v1/device/${LINKED.id}`,
      `DELETE /api/v1/device/${LINKED.id}?unlink=true`,
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers only what the role allows, keeps the filters in the address; an organisation sees no organisation column', async () => {
    const { listCalls } = renderTable({
      me: CUSTOMER,
      scopes: scopesFrom({ device: ['showVehicle'] }),
      search: '?search=MH12&linked=true',
    });
    const row = await rowOf(IMEI);
    const params = listCalls().at(-1)!.url.searchParams;
    expect(params.get('search')).toBe('MH12');
    expect(params.get('linked')).toBe('true');
    expect(within(row).getByRole('button', { name: `Show the vehicle of device ${IMEI}` })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Edit device ${IMEI}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete device ${IMEI}` })).not.toBeInTheDocument();
    // Without the SIM pages, the ICCID is shown, not linked.
    expect(within(row).getByText(ICCID)).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: `Open SIM ${ICCID}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Organisation' })).not.toBeInTheDocument();
  });

  it('the inventory: no SIM column; ticked devices are assigned to an organisation, and those not taken named with why', async () => {
    const other = makeDevice({ ...STOCK, id: hexId('f'), imei: IMEI, vehicle: null, endUser: null, sim: null });
    const sent: Record<string, unknown>[] = [];
    const { user } = renderTable({
      inventory: true,
      rows: [STOCK, other],
      onAssign: (body) => {
        sent.push(body);
        return {
          body: {
            success: true,
            message: '1 device assigned',
            data: { assigned: 1, skipped: [{ id: other.id, reason: 'The device holds a SIM: unlink it first' }] },
          },
        };
      },
    });
    await rowOf(IMEI_2);
    expect(screen.queryByRole('columnheader', { name: 'SIM' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'SIM' })).not.toBeInTheDocument();
    await user.click(within(await rowOf(IMEI_2)).getByRole('checkbox'));
    await user.click(within(await rowOf(IMEI)).getByRole('checkbox'));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'Assign to organisation' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign to organisation' });
    expect(dialog).toHaveTextContent('The 2 selected devices go to the organisation you choose.');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose the organisation')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Organisation/ }));
    await user.click(await screen.findByRole('option', { name: ORG_B.tradeName }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const result = await screen.findByRole('dialog', { name: 'Devices assigned' });
    expect(within(result).getByTestId('assign-result')).toHaveTextContent(`1 device assigned to ${ORG_B.tradeName}.`);
    expect(within(result).getByTestId('assign-skipped')).toHaveTextContent(
      `1 device was not assigned:${IMEI}: The device holds a SIM: unlink it first`,
    );
    expect(sent).toEqual([{ deviceIds: [STOCK.id, other.id], organizationId: ORG_B.id }]);
    await user.click(within(result).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
  });
});
