import type { TFirmware } from '@tarang/shared/devices/firmware.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRequest } from '@/features/requests/testing/make-request';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { IMEI, IMEI_2, makeDevice } from '../testing/make-device';
import { DevicesTable } from './devices-table';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });
const IMEI_3 = '490154203237518';
const FIRST = makeDevice({ id: hexId('c'), imei: IMEI });
const SECOND = makeDevice({ id: hexId('d'), imei: IMEI_2, serial: null });
const OTHER_MODEL = makeDevice({ id: hexId('e'), imei: IMEI_3, make: 'Queclink', model: 'GV300', serial: null });
const CHECKSUM = 'ab'.repeat(32);
const NEWEST: TFirmware = {
  id: hexId('7'),
  make: 'Teltonika',
  model: 'FMB920',
  version: '03.28.01',
  releaseNotes: 'Fixes the GNSS cold start.\nAdds the CAN adapter.',
  checksum: CHECKSUM,
  createdAt: '2026-11-20T06:00:00.000Z',
};
const OLDER: TFirmware = { ...NEWEST, id: hexId('6'), version: '03.27.07', releaseNotes: '', createdAt: '2026-10-01T06:00:00.000Z' };
const REQUEST = makeRequest({ id: hexId('f'), type: 'FIRMWARE_UPDATE', batchJobId: 'BJ00000077', profile: 'DEVICES' });

type TAnswer = { status?: number; body: unknown };

function renderList({
  scopes = scopesFrom({ device: true, request: ['viewDetails'] }),
  onUpdate,
}: {
  scopes?: ReturnType<typeof scopesFrom>;
  onUpdate?: (body: Record<string, unknown>, headers: Headers) => TAnswer;
} = {}) {
  const fetchMock = answerFetch(
    sessionAnswers(CUSTOMER, scopes, (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/v1/device' && method === 'GET') {
        return { body: { success: true, data: [FIRST, SECOND, OTHER_MODEL], meta: { page: 1, limit: 25, total: 3 } } };
      }
      if (url.pathname === '/api/v1/firmware') {
        return { body: { success: true, data: [NEWEST, OLDER], meta: { page: 1, limit: 100, total: 2 } } };
      }
      if (url.pathname === '/api/v1/device/firmware-update' && onUpdate) {
        return onUpdate(JSON.parse(String(init.body)) as Record<string, unknown>, new Headers(init.headers));
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
    }),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <DevicesTable />
    </SignedIn>,
    { route: '/device' },
  );
  return { user: userEvent.setup(), calls: fetchMock.calls };
}

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('[role="row"]') as HTMLElement;
const OTHER_MODEL_REASON = 'The device is a Queclink GV300; this firmware is for the Teltonika FMB920';

describe('Update Firmware', () => {
  it('ticked devices: a version of their model with its notes and checksum, the devices that cannot take it, then the others', async () => {
    const success = vi.spyOn(notify, 'success');
    const sent: { body: Record<string, unknown>; key: string | null }[] = [];
    const { user, calls } = renderList({
      onUpdate: (body, headers) => {
        sent.push({ body, key: headers.get('idempotency-key') });
        const refused = [{ deviceId: OTHER_MODEL.id, imei: IMEI_3, reason: OTHER_MODEL_REASON }];
        if (body.dryRun) return { body: { success: true, data: { request: null, accepted: 2, refused, replayed: false } } };
        return {
          body: {
            success: true,
            message: 'Request BJ00000077 created for 2 devices',
            data: { request: REQUEST, accepted: 2, refused, replayed: false },
          },
        };
      },
    });
    for (const imei of [IMEI, IMEI_2, IMEI_3]) await user.click(within(await rowOf(imei)).getByRole('checkbox'));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('3 selected');
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Update Firmware' }));

    const dialog = await screen.findByRole('dialog', { name: 'Update Firmware' });
    expect(dialog).toHaveTextContent('The 3 selected devices get the version you choose');
    expect(within(dialog).getByTestId('firmware-models')).toHaveTextContent(
      'The selected devices are of 2 makes and models. The versions below are for the Teltonika FMB920',
    );
    // The catalogue is read for the first device's make and model; the newest version is offered first.
    const read = calls.find((c) => c.url.pathname === '/api/v1/firmware')!.url.searchParams;
    expect([read.get('make'), read.get('model')]).toEqual(['Teltonika', 'FMB920']);
    const facts = await within(dialog).findByTestId('firmware-facts');
    expect(facts).toHaveTextContent('Fixes the GNSS cold start.');
    expect(facts).toHaveTextContent(CHECKSUM);
    await user.click(within(dialog).getByRole('combobox', { name: 'Version for the Teltonika FMB920' }));
    await user.click(await screen.findByRole('option', { name: /^03\.27\.07/ }));
    expect(within(dialog).getByTestId('firmware-facts')).toHaveTextContent('No release notes.');
    await user.click(await screen.findByRole('combobox', { name: 'Version for the Teltonika FMB920' }));
    await user.click(await screen.findByRole('option', { name: /^03\.28\.01/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Check devices' }));

    const check = await screen.findByRole('dialog', { name: 'Firmware 03.28.01: the devices' });
    expect(within(check).getByTestId('firmware-check')).toHaveTextContent('2 of 3 selected devices can take it.');
    expect(within(check).getByTestId('firmware-refused')).toHaveTextContent(`1 device cannot take it:${IMEI_3}: ${OTHER_MODEL_REASON}`);
    expect(sent).toEqual([{ body: { firmwareId: NEWEST.id, deviceIds: [FIRST.id, SECOND.id, OTHER_MODEL.id], dryRun: true }, key: null }]);

    await user.click(within(check).getByRole('button', { name: 'Go ahead with the 2 that can' }));
    const done = await screen.findByRole('dialog', { name: 'Firmware update requested' });
    expect(within(done).getByTestId('firmware-requested')).toHaveTextContent('Request BJ00000077 made: firmware 03.28.01 for 2 devices.');
    expect(within(done).getByRole('link', { name: 'View request BJ00000077' })).toHaveAttribute('href', `/request/${REQUEST.id}`);
    expect(sent[1]!.body).toEqual({ firmwareId: NEWEST.id, deviceIds: [FIRST.id, SECOND.id, OTHER_MODEL.id], proceedWithValid: true });
    expect(sent[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(success).toHaveBeenCalledWith('Firmware update requested: request BJ00000077');
    // The console watches the request and says when it ends.
    expect(localStorage.getItem(`tarang.watched-requests.${CUSTOMER.id}`)).toContain('BJ00000077');
    // The ticked devices are let go.
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
  });

  it('a row: every device can take it, so nothing is left out; a scheduled start is sent', async () => {
    const sent: Record<string, unknown>[] = [];
    const { user } = renderList({
      onUpdate: (body) => {
        sent.push(body);
        return {
          body: {
            success: true,
            data: { request: body.dryRun ? null : REQUEST, accepted: 1, refused: [], replayed: false },
          },
        };
      },
    });
    await user.click(within(await rowOf(IMEI_2)).getByRole('button', { name: `Update the firmware of device ${IMEI_2}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Firmware' });
    expect(dialog).toHaveTextContent(`Device ${IMEI_2} gets the version you choose`);
    expect(within(dialog).queryByTestId('firmware-models')).not.toBeInTheDocument();
    await within(dialog).findByTestId('firmware-facts');
    await user.click(within(dialog).getByRole('switch', { name: 'Start at a later time' }));
    const at = within(dialog).getByLabelText('Start at (India time)');
    await user.clear(at);
    await user.type(at, '2020-01-01T10:00');
    expect(within(dialog).getByText('Choose a time in the future')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Check devices' })).toBeDisabled();
    await user.clear(at);
    await user.type(at, '2099-12-01T10:30');
    await user.click(within(dialog).getByRole('button', { name: 'Check devices' }));

    const check = await screen.findByRole('dialog', { name: 'Firmware 03.28.01: the devices' });
    expect(within(check).getByTestId('firmware-check')).toHaveTextContent('The selected device can take it.');
    expect(within(check).queryByTestId('firmware-refused')).not.toBeInTheDocument();
    expect(check).toHaveTextContent('The devices are sent the firmware from 01/12/2099');
    await user.click(within(check).getByRole('button', { name: 'Update the device' }));
    await screen.findByRole('dialog', { name: 'Firmware update requested' });
    // 10:30 India time is 05:00 UTC; nobody was left out, so proceedWithValid is not sent.
    expect(sent[1]).toEqual({ firmwareId: NEWEST.id, deviceIds: [SECOND.id], scheduledAt: '2099-12-01T05:00:00.000Z' });
  });

  it('is offered only to a role with Update Firmware', async () => {
    renderList({ scopes: scopesFrom({ device: ['showVehicle'] }) });
    const row = await rowOf(IMEI);
    expect(within(row).queryByRole('button', { name: `Update the firmware of device ${IMEI}` })).not.toBeInTheDocument();
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
