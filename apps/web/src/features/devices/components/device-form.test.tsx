import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchedRequests } from '@/features/requests/utils/watched-requests';
import { i18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/notify';
import { hexId, makeUser, ORG_A, SignedIn, sessionAnswers } from '@/testing/signed-in';
import { answerFetch, renderWithProviders } from '@/testing/test-utils';
import { AADHAAR, AADHAAR_BAD, ICCID, IMEI, makeDevice, makeMaskedDevice } from '../testing/make-device';
import { DeviceForm } from './device-form';

let restore: (() => void) | null = null;
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  restore?.();
  restore = null;
  vi.restoreAllMocks();
  localStorage.clear();
});

const CUSTOMER = makeUser({ id: hexId('2'), firstName: 'Vikram', lastName: 'Singh', organization: ORG_A });

type TAnswer = { status?: number; body: unknown };
const saved = (device = makeDevice(), lockRequest: { id: string; batchJobId: string } | null = null, status = 201): TAnswer => ({
  status,
  body: { success: true, message: status === 201 ? 'Device added' : 'Device saved', data: { device, lockRequest } },
});
const refused = (status: number, errors: { path: string; message: string }[]): TAnswer => ({
  status,
  body: { success: false, code: status === 409 ? 'CONFLICT' : 'VALIDATION_ERROR', message: errors[0]!.message, errors },
});

/** The form, with the server answering the save with `answer`; what was sent is in `sent`. */
function renderForm({
  answer = saved(),
  device,
  inventory = false,
}: {
  answer?: TAnswer;
  device?: ReturnType<typeof makeDevice>;
  inventory?: boolean;
} = {}) {
  const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const onSaved = vi.fn();
  const fetchMock = answerFetch(
    sessionAnswers(
      CUSTOMER,
      scopesFrom({ device: ['addDevice', 'edit'], 'device-inventory': true, request: ['viewDetails'] }),
      (url, init) => {
        const method = init.method ?? 'GET';
        if (method !== 'GET' && url.pathname.startsWith('/api/v1/device')) {
          sent.push({ method, path: url.pathname, body: JSON.parse(String(init.body)) as Record<string, unknown> });
          return answer;
        }
        return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
      },
    ),
  );
  restore = fetchMock.restore;
  renderWithProviders(
    <SignedIn>
      <DeviceForm device={device} inventory={inventory} onSaved={onSaved} onCancel={() => {}} />
    </SignedIn>,
    { route: '/device/add' },
  );
  return { user: userEvent.setup(), sent, onSaved };
}

const field = (form: HTMLElement, name: string | RegExp) => within(form).getByRole('textbox', { name });

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('DeviceForm', () => {
  it('checks the IMEI, registration number and Aadhaar number before sending anything', async () => {
    const { user, sent } = renderForm();
    const form = await screen.findByRole('form', { name: 'New device' }, { timeout: 10_000 });
    await user.type(field(form, /^IMEI/), '356938035643808');
    await user.type(field(form, /^Make/), 'Teltonika');
    await user.type(field(form, /^Model/), 'FMB920');
    await user.type(field(form, /^Registration number/), 'XX12AB1234');
    await choose(user, /^Vehicle type/, 'Truck');
    await user.type(field(form, /^End user's name/), 'Ravi Kumar');
    await choose(user, /^Identity document/, 'Aadhaar');
    await user.type(field(form, /^Document number/), AADHAAR_BAD);
    await user.click(within(form).getByRole('button', { name: 'Add device' }));

    expect(await within(form).findByText('IMEI check digit is wrong')).toBeInTheDocument();
    expect(field(form, /^Registration number/)).toHaveAccessibleDescription('XX is not a state or union territory code');
    expect(field(form, /^Document number/)).toHaveAccessibleDescription('This Aadhaar number’s check digit is wrong');
    expect(field(form, /^IMEI/)).toHaveAttribute('aria-invalid', 'true');

    // A vehicle is its registration and its type; the end user a name and a document.
    await user.clear(field(form, /^Registration number/));
    await user.click(within(form).getByRole('button', { name: 'Add device' }));
    expect(await within(form).findByText('Give the registration number')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('sends the device with its SIM locked to the IMEI, vehicle and end user; the lock request is named and followed', async () => {
    const info = vi.spyOn(notify, 'info');
    const success = vi.spyOn(notify, 'success');
    const { user, sent, onSaved } = renderForm({ answer: saved(makeDevice(), { id: hexId('7'), batchJobId: 'BJ00000077' }) });
    const form = await screen.findByRole('form', { name: 'New device' }, { timeout: 10_000 });
    // No lock to offer until there is a SIM.
    expect(within(form).queryByRole('checkbox', { name: "Lock the SIM to this device's IMEI" })).not.toBeInTheDocument();
    await user.type(field(form, /^IMEI/), IMEI);
    await user.type(field(form, /^Make/), 'Teltonika');
    await user.type(field(form, /^Model/), 'FMB920');
    await user.type(field(form, /^Firmware/), '03.27.07');
    await user.type(field(form, /^SIM ICCID/), ICCID);
    await user.click(within(form).getByRole('checkbox', { name: "Lock the SIM to this device's IMEI" }));
    await user.type(field(form, /^Registration number/), 'mh 12 ab 1234');
    await choose(user, /^Vehicle type/, 'Two-wheeler');
    await user.type(field(form, /^End user's name/), 'Ravi Kumar');
    await user.type(field(form, /^Phone/), '9876543210');
    await choose(user, /^Identity document/, 'Aadhaar');
    expect(field(form, /^Document number/)).toHaveAccessibleDescription('12 digits, not starting with 0 or 1');
    await user.type(field(form, /^Document number/), '2345 6789 0124');
    await user.click(within(form).getByRole('button', { name: 'Add device' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/v1/device',
        body: {
          imei: IMEI,
          make: 'Teltonika',
          model: 'FMB920',
          firmwareVersion: '03.27.07',
          serial: null,
          simIccid: ICCID,
          lockSimToImei: true,
          vehicle: { registration: 'MH12AB1234', type: 'TWO_WHEELER' },
          endUser: { name: 'Ravi Kumar', phone: '+919876543210', kycIdType: 'AADHAAR', kycIdNumber: AADHAAR },
        },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Device added');
    expect(info).toHaveBeenCalledWith('IMEI lock requested: request BJ00000077');
    expect(watchedRequests(CUSTOMER.id).map((w) => w.batchJobId)).toEqual(['BJ00000077']);
    expect(onSaved).toHaveBeenCalledWith({ imei: IMEI, lockRequest: { id: hexId('7'), batchJobId: 'BJ00000077' }, lockRefused: null });
  });

  it("puts the server's refusals on their fields: the IMEI taken, the SIM, the registration and the document", async () => {
    const { user } = renderForm({
      answer: refused(400, [
        { path: 'simIccid', message: `SIM ${ICCID} is in device 867169050000129: unlink it there first` },
        { path: 'vehicle.registration', message: 'The district number cannot be 0' },
        { path: 'endUser.kycIdNumber', message: 'An Aadhaar number is 12 digits, not starting with 0 or 1' },
        { path: 'imei', message: `A device with IMEI ${IMEI} is already registered` },
      ]),
    });
    const form = await screen.findByRole('form', { name: 'New device' }, { timeout: 10_000 });
    await user.type(field(form, /^IMEI/), IMEI);
    await user.type(field(form, /^Make/), 'Teltonika');
    await user.type(field(form, /^Model/), 'FMB920');
    await user.type(field(form, /^SIM ICCID/), ICCID);
    await user.type(field(form, /^Registration number/), 'MH12AB1234');
    await choose(user, /^Vehicle type/, 'Truck');
    await user.type(field(form, /^End user's name/), 'Ravi Kumar');
    await choose(user, /^Identity document/, 'Aadhaar');
    await user.type(field(form, /^Document number/), AADHAAR);
    await user.click(within(form).getByRole('button', { name: 'Add device' }));

    expect(await within(form).findByText(`A device with IMEI ${IMEI} is already registered`)).toBeInTheDocument();
    expect(field(form, /^SIM ICCID/)).toHaveAccessibleDescription(`SIM ${ICCID} is in device 867169050000129: unlink it there first`);
    expect(field(form, /^Registration number/)).toHaveAccessibleDescription('The district number cannot be 0');
    expect(field(form, /^Document number/)).toHaveAccessibleDescription('An Aadhaar number is 12 digits, not starting with 0 or 1');
  });

  it('shows a masked end user as sent, sends no end user while it is left alone, and asks for it in full once changed', async () => {
    const device = makeMaskedDevice();
    const { user, sent, onSaved } = renderForm({ device, answer: saved(device, null, 200) });
    const form = await screen.findByRole('form', { name: 'Device details' }, { timeout: 10_000 });
    expect(within(form).getByTestId('kyc-masked')).toHaveTextContent('The phone and document number are masked for your role.');
    expect(field(form, /^Document number/)).toHaveValue('••••••••0124');
    expect(field(form, /^Phone/)).toHaveValue('•••••••210');
    // The IMEI is shown, not edited.
    expect(within(form).getByRole('textbox', { name: 'IMEI' })).toBeDisabled();

    await user.clear(field(form, /^Firmware/));
    await user.type(field(form, /^Firmware/), '03.28.01');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: `/api/v1/device/${device.id}`,
      body: { make: 'Teltonika', model: 'FMB920', firmwareVersion: '03.28.01', serial: 'SN-000451' },
    });

    // Changing the end user needs the phone and document typed in full.
    await user.clear(field(form, /^End user's name/));
    await user.type(field(form, /^End user's name/), 'Ravi K. Sharma');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Type the whole document number: the masked one cannot be saved')).toBeInTheDocument();
    expect(field(form, /^Phone/)).toHaveAccessibleDescription('Type the whole phone number: the masked one cannot be saved');
    expect(sent).toHaveLength(1);
  });

  it('unlinks a SIM cleared on edit, and sends the vehicle only when it changed', async () => {
    const device = makeDevice();
    const { user, sent, onSaved } = renderForm({ device, answer: saved({ ...device, sim: null, vehicle: null }, null, 200) });
    const form = await screen.findByRole('form', { name: 'Device details' }, { timeout: 10_000 });
    await user.clear(field(form, /^SIM ICCID/));
    await user.clear(field(form, /^Registration number/));
    await choose(user, /^Vehicle type/, 'None');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]?.body).toEqual({
      make: 'Teltonika',
      model: 'FMB920',
      firmwareVersion: '03.27.07',
      serial: 'SN-000451',
      simIccid: null,
      vehicle: null,
    });
  });

  it('keeps a device whose SIM the operator rules refused to lock, and says why', async () => {
    const warning = vi.spyOn(notify, 'warning');
    const { user, onSaved } = renderForm({
      answer: refused(422, [{ path: 'lockSimToImei', message: 'The SIM cannot be IMEI-locked: SIM is in another request' }]),
    });
    const form = await screen.findByRole('form', { name: 'New device' }, { timeout: 10_000 });
    await user.type(field(form, /^IMEI/), IMEI);
    await user.type(field(form, /^Make/), 'Teltonika');
    await user.type(field(form, /^Model/), 'FMB920');
    await user.type(field(form, /^SIM ICCID/), ICCID);
    await user.click(within(form).getByRole('checkbox', { name: "Lock the SIM to this device's IMEI" }));
    await user.click(within(form).getByRole('button', { name: 'Add device' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith({
        imei: IMEI,
        lockRequest: null,
        lockRefused: 'The SIM cannot be IMEI-locked: SIM is in another request',
      }),
    );
    expect(warning).toHaveBeenCalledWith(
      `Device ${IMEI} is saved, but its SIM was not locked: The SIM cannot be IMEI-locked: SIM is in another request`,
    );
  });

  it('on an edit, shows a refused lock on the lock itself (the other changes are saved)', async () => {
    const device = makeDevice();
    const { user, sent, onSaved } = renderForm({
      device,
      answer: refused(422, [{ path: 'lockSimToImei', message: 'The SIM cannot be IMEI-locked: SIM is in another request' }]),
    });
    const form = await screen.findByRole('form', { name: 'Device details' }, { timeout: 10_000 });
    await user.click(within(form).getByRole('checkbox', { name: "Lock the SIM to this device's IMEI" }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('The SIM cannot be IMEI-locked: SIM is in another request')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ simIccid: ICCID, lockSimToImei: true });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('adds to the inventory without a SIM, at /device-inventory', async () => {
    const { user, sent, onSaved } = renderForm({ inventory: true });
    const form = await screen.findByRole('form', { name: 'New device for the inventory' }, { timeout: 10_000 });
    expect(within(form).queryByRole('textbox', { name: /^SIM ICCID/ })).not.toBeInTheDocument();
    await user.type(field(form, /^IMEI/), IMEI);
    await user.type(field(form, /^Make/), 'Queclink');
    await user.type(field(form, /^Model/), 'GV300');
    await user.click(within(form).getByRole('button', { name: 'Add to inventory' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/v1/device-inventory' });
    expect(sent[0]?.body).not.toHaveProperty('simIccid');
  });

  it('tells a Hindi reader what is wrong in Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    const { user } = renderForm();
    const form = await screen.findByRole('form', { name: 'नया डिवाइस' }, { timeout: 10_000 });
    await user.type(field(form, /^IMEI/), '35693803564380');
    await user.type(field(form, /^निर्माता/), 'Teltonika');
    await user.type(field(form, /^मॉडल/), 'FMB920');
    await user.type(field(form, /^अंतिम उपयोगकर्ता का नाम/), 'रवि कुमार');
    await choose(user, /^पहचान दस्तावेज़/, 'आधार');
    await user.type(field(form, /^दस्तावेज़ संख्या/), AADHAAR_BAD);
    await user.click(within(form).getByRole('button', { name: 'डिवाइस जोड़ें' }));
    expect(await within(form).findByText('IMEI 15 अंकों का होना चाहिए')).toBeInTheDocument();
    expect(field(form, /^दस्तावेज़ संख्या/)).toHaveAccessibleDescription('इस आधार संख्या का जाँच अंक गलत है');
  });
});
