import type { TDevice } from '@tarang/shared/devices/device.schemas';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { resetSimulators, waitForJob } from '../requests/requests-test-kit';
import { makeSims, multipartBody } from '../sims/sims-test-kit';
import { freshImei, makeDevice } from './devices-test-kit';

/**
 * Devices (issue 17): add, edit, link to a SIM (and lock it to the IMEI), delete, Show Vehicle, the inventory and its
 * assignment; bad identifiers named; the end user's phone and document masked without View KYC; another organisation's
 * device or SIM is not found.
 */
const { t, f, tokens } = routeTest({
  config: { queuePollMs: 50, operatorRetryBaseMs: 20 },
  tenancy: true,
  roles: {
    'Fleet desk with KYC': scopesFrom({ device: true, 'device-inventory': true, 'sim-details': true, 'sim-actions': true, job: true }),
    'Fleet desk': scopesFrom({ device: ['addDevice', 'edit', 'delete', 'showVehicle'], 'device-inventory': true }),
  },
  users: {
    c1Kyc: { email: 'c1-kyc@devices.test', role: 'Fleet desk with KYC', org: 'C1' },
    c1Desk: { email: 'c1-desk@devices.test', role: 'Fleet desk', org: 'C1' },
    c2Desk: { email: 'c2-desk@devices.test', role: 'Fleet desk with KYC', org: 'C2' },
  },
  worker: true,
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });

const END_USER = { name: 'Ravi Kumar', phone: '+919876543210', kycIdType: 'AADHAAR', kycIdNumber: '2345 6789 0124' };

describe('devices', () => {
  it('adds a device holding a SIM with its vehicle and end user, locks the SIM to its IMEI, and shows KYC only to View KYC', async () => {
    await resetSimulators(t, tokens.staff);
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const imei = freshImei();
    const res = await call('POST', '/device', tokens.c1Kyc!, {
      imei,
      make: 'Teltonika',
      model: 'FMB920',
      firmwareVersion: '03.27.07',
      serial: 'SN-000451',
      simIccid: sim!.iccid,
      lockSimToImei: true,
      vehicle: { registration: 'mh 12 ab 1234', type: 'TRUCK' },
      endUser: END_USER,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { device, lockRequest } = res.json().data as { device: TDevice; lockRequest: { batchJobId: string } };
    expect(device).toMatchObject({
      imei,
      organization: { id: f.orgs.C1.id },
      sim: { iccid: sim!.iccid, status: 'ACTIVE' },
      vehicle: { registration: 'MH12AB1234', type: 'TRUCK' },
      endUser: { name: 'Ravi Kumar', phone: '+919876543210', kycIdType: 'AADHAAR', kycIdNumber: '234567890124' },
      kycMasked: false,
      tac: { make: expect.any(String) },
    });
    // The SIM is locked to the device's IMEI by an IMEI_LOCK request.
    const [req] = (await t.database.pool.query('SELECT id FROM batch_jobs WHERE batch_job_id = $1', [lockRequest.batchJobId])).rows;
    expect((await waitForJob(t, tokens.c1Kyc!, req.id)).status).toBe('COMPLETED');
    const [locked] = (await t.database.pool.query('SELECT imei_lock, locked_imei FROM sims WHERE primary_iccid = $1', [sim!.iccid])).rows;
    expect(locked).toEqual({ imei_lock: true, locked_imei: imei });

    // A role without View KYC sees the phone and document masked, in the list and the device alike.
    const masked = (await call('GET', `/device/${device.id}`, tokens.c1Desk!)).json().data as TDevice;
    expect(masked).toMatchObject({ kycMasked: true, endUser: { name: 'Ravi Kumar', phone: '+91•••••••210', kycIdNumber: '••••••••0124' } });
    const listed = (await call('GET', `/device?search=${imei.slice(0, 10)}`, tokens.c1Desk!)).json().data as TDevice[];
    expect(listed.map((d) => d.endUser?.kycIdNumber)).toEqual(['••••••••0124']);
    // The export as well: masked for the role without View KYC, in full for the one with it.
    const exported = async (token: string, format = 'csv') =>
      await t.call({ method: 'GET', url: `${API}/device/export?format=${format}&search=${imei}`, token });
    const maskedCsv = await exported(tokens.c1Desk!);
    expect(maskedCsv.statusCode).toBe(200);
    expect(maskedCsv.headers['content-type']).toMatch(/text\/csv/);
    const [header, line] = maskedCsv.body.trim().split('\n');
    expect(header).toBe(
      'imei,make,model,firmware_version,serial,organisation,sim_iccid,sim_status,vehicle_registration,vehicle_type,end_user_name,end_user_phone,kyc_id_type,kyc_id_number,added_at',
    );
    expect(line).toContain('••••••••0124');
    expect(line).not.toContain('234567890124');
    expect((await exported(tokens.c1Kyc!)).body).toContain('234567890124');
    const xlsx = await exported(tokens.c1Desk!, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.rawPayload.includes(Buffer.from('234567890124'))).toBe(false);
    // Another organisation's export holds none of it.
    expect((await exported(tokens.c2Desk!)).body.trim().split('\n')).toHaveLength(1);
    // The audit trail keeps them masked too.
    const [audit] = (
      await t.database.pool.query(`SELECT after FROM audit_events WHERE action = 'device.create' AND entity_id = $1`, [device.id])
    ).rows;
    expect(JSON.stringify(audit.after)).toContain('0124');
    expect(JSON.stringify(audit.after)).not.toContain('234567890124');

    // Fetch Device Details on the SIM shows the device.
    const details = await call('GET', `/sim/device-details?iccid=${sim!.iccid}`, tokens.c1Kyc!);
    expect(details.json().data.device).toEqual({ id: device.id, name: 'Teltonika FMB920' });

    // Show Vehicle: the vehicle with its device and SIM.
    const vehicle = await call('GET', `/device/${device.id}/vehicle`, tokens.c1Desk!);
    expect(vehicle.statusCode, vehicle.body).toBe(200);
    expect(vehicle.json().data).toMatchObject({
      registration: 'MH12AB1234',
      type: 'TRUCK',
      sim: { iccid: sim!.iccid, operators: 'AIRTEL' },
    });
  });

  it('names bad input by its field and refuses a second device with an IMEI or a SIM already held', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const imei = freshImei();
    const bad = `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;
    for (const [body, path] of [
      [{ imei: bad, make: 'A', model: 'B' }, 'imei'],
      [{ imei: '12345', make: 'A', model: 'B' }, 'imei'],
      [{ imei, make: '', model: 'B' }, 'make'],
      [{ imei, make: 'A', model: 'B', vehicle: { registration: 'XX12AB1234', type: 'TRUCK' } }, 'vehicle.registration'],
      [{ imei, make: 'A', model: 'B', vehicle: { registration: 'MH12AB1234', type: 'SPACESHIP' } }, 'vehicle.type'],
      [{ imei, make: 'A', model: 'B', endUser: { ...END_USER, kycIdNumber: '234567890125' } }, 'endUser.kycIdNumber'],
      [{ imei, make: 'A', model: 'B', endUser: { ...END_USER, phone: '12345' } }, 'endUser.phone'],
    ] as const) {
      const res = await call('POST', '/device', tokens.c1Kyc!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path, JSON.stringify(body)).toBe(path);
    }
    const first = await call('POST', '/device', tokens.c1Kyc!, { imei, make: 'Teltonika', model: 'FMB920', simIccid: sim!.iccid });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('POST', '/device', tokens.c1Kyc!, { imei, make: 'Teltonika', model: 'FMB920' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].path).toBe('imei');
    const taken = await call('POST', '/device', tokens.c1Kyc!, {
      imei: freshImei(),
      make: 'Teltonika',
      model: 'FMB920',
      simIccid: sim!.iccid,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ path: 'simIccid', message: expect.stringMatching(/is in device/) });
  });

  it("another organisation's device or SIM is not found; a device and SIM of two organisations are not linked", async () => {
    const theirs = await makeDevice(t.database.pool, { organizationId: f.orgs.C2.id });
    for (const [method, url, body] of [
      ['GET', `/device/${theirs.id}`, undefined],
      ['PUT', `/device/${theirs.id}`, { firmwareVersion: '9' }],
      ['DELETE', `/device/${theirs.id}`, undefined],
      ['GET', `/device/${theirs.id}/vehicle`, undefined],
    ] as const) {
      expect((await call(method, url, tokens.c1Kyc!, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(((await call('GET', '/device?limit=100', tokens.c1Kyc!)).json().data as TDevice[]).map((d) => d.id)).not.toContain(theirs.id);
    const [c2Sim] = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const foreign = await call('POST', '/device', tokens.c1Kyc!, { imei: freshImei(), make: 'A', model: 'B', simIccid: c2Sim!.iccid });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].path).toBe('simIccid');
    // Staff reach both, but a device of C1 does not hold a SIM of C2.
    const ours = await makeDevice(t.database.pool, { organizationId: f.orgs.C1.id });
    const mixed = await call('PUT', `/device/${ours.id}`, tokens.staff, { simIccid: c2Sim!.iccid });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors[0]).toMatchObject({ path: 'simIccid', message: expect.stringMatching(/another organisation/) });
  });

  it('deletes a device holding a SIM in service only when unlinked in the same call; edits and unlinks', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const [{ id: simId }] = (await t.database.pool.query('SELECT id FROM sims WHERE primary_iccid = $1', [sim!.iccid])).rows;
    const device = await makeDevice(t.database.pool, { organizationId: f.orgs.C1.id, simId });
    const refused = await call('DELETE', `/device/${device.id}`, tokens.c1Desk!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].path).toBe('unlink');
    const edited = await call('PUT', `/device/${device.id}`, tokens.c1Desk!, {
      firmwareVersion: '03.28.01',
      vehicle: null,
      simIccid: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.device).toMatchObject({ firmwareVersion: '03.28.01', vehicle: null, sim: null });
    const relinked = await call('PUT', `/device/${device.id}`, tokens.c1Desk!, { simIccid: sim!.iccid });
    expect(relinked.json().data.device.sim).toMatchObject({ iccid: sim!.iccid });
    expect((await call('DELETE', `/device/${device.id}?unlink=true`, tokens.c1Desk!)).statusCode).toBe(200);
    expect((await call('GET', `/device/${device.id}`, tokens.c1Desk!)).statusCode).toBe(404);
  });

  it('the inventory: stock devices are staff’s; assigned to an organisation they are its, until they hold a SIM', async () => {
    const stock = await call('POST', '/device-inventory', tokens.staff, { imei: freshImei(), make: 'Queclink', model: 'GV300' });
    expect(stock.statusCode, stock.body).toBe(201);
    const id = stock.json().data.device.id as string;
    expect(stock.json().data.device.organization).toBeNull();
    const ids = async (token: string) =>
      ((await call('GET', '/device-inventory?limit=100', token)).json().data as TDevice[]).map((d) => d.id);
    expect(await ids(tokens.staff)).toContain(id);
    expect(await ids(tokens.c1Desk!)).not.toContain(id);
    // An organisation cannot assign the provider's stock to itself.
    const grab = await call('PUT', '/device-inventory/assign', tokens.c1Desk!, { deviceIds: [id], organizationId: f.orgs.C1.id });
    expect(grab.statusCode).toBe(422);
    const assigned = await call('PUT', '/device-inventory/assign', tokens.staff, { deviceIds: [id], organizationId: f.orgs.C1.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toEqual({ assigned: 1, skipped: [] });
    expect(await ids(tokens.c1Desk!)).toContain(id);
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED', operators: ['AIRTEL'] });
    await call('PUT', `/device/${id}`, tokens.c1Desk!, { simIccid: sim!.iccid });
    expect(await ids(tokens.c1Desk!)).not.toContain(id);
  });

  it('the firmware catalogue: staff publish each version of a make and model once; whoever works devices reads it', async () => {
    const checksum = 'AB'.repeat(32);
    const body = { make: 'Teltonika', model: 'FMB920', version: '03.28.07.Rev.02', releaseNotes: 'Fixes GNSS cold start', checksum };
    const made = await call('POST', '/firmware', tokens.staff, body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ version: '03.28.07.Rev.02', checksum: checksum.toLowerCase() });
    const again = await call('POST', '/firmware', tokens.staff, { ...body, make: 'teltonika' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].path).toBe('version');
    for (const [bad, path] of [
      [{ ...body, version: '3.0', checksum: 'abc' }, 'checksum'],
      [{ ...body, version: '../3.0' }, 'version'],
      [{ ...body, make: '' }, 'make'],
    ] as const) {
      const res = await call('POST', '/firmware', tokens.staff, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    // An organisation reads the catalogue but does not keep it.
    const listed = (await call('GET', '/firmware?make=TELTONIKA', tokens.c1Kyc!)).json().data as { id: string }[];
    expect(listed.map((x) => x.id)).toContain(made.json().data.id);
    expect((await call('POST', '/firmware', tokens.c1Kyc!, { ...body, version: '9' })).statusCode).toBe(403);
    const id = made.json().data.id as string;
    expect(
      (await call('PUT', `/firmware/${id}`, tokens.staff, { releaseNotes: 'Fixes GNSS cold start; safer OTA' })).json().data.releaseNotes,
    ).toBe('Fixes GNSS cold start; safer OTA');
    expect((await call('DELETE', `/firmware/${id}`, tokens.staff)).statusCode).toBe(200);
    expect((await call('DELETE', `/firmware/${id}`, tokens.staff)).statusCode).toBe(404);
  });

  it('Update Firmware: a job through the device-management gateway; an offline device and a failed install end it PARTIAL, Reinitiate finishes it, each device updated once', async () => {
    await resetSimulators(t, tokens.staff);
    const sims = await makeSims(t, 4, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const simIds = (
      await t.database.pool.query('SELECT id FROM sims WHERE primary_iccid = ANY($1) ORDER BY primary_iccid', [sims.map((x) => x.iccid)])
    ).rows as { id: string }[];
    const devices = await Promise.all(
      simIds.slice(0, 3).map((x) => makeDevice(t.database.pool, { organizationId: f.orgs.C1.id, simId: x.id })),
    );
    const [ok, offline, failing] = devices as [{ id: string; imei: string }, { id: string; imei: string }, { id: string; imei: string }];
    const other = await makeDevice(t.database.pool, { organizationId: f.orgs.C1.id, simId: simIds[3]!.id });
    await t.database.pool.query(`UPDATE devices SET model = 'FMC130' WHERE id = $1`, [other.id]);
    const fw = (
      await call('POST', '/firmware', tokens.staff, {
        make: 'Teltonika',
        model: 'FMB920',
        version: `04.00.${Date.now() % 1000}`,
        checksum: 'cd'.repeat(32),
      })
    ).json().data as { id: string; version: string };
    for (const [imeis, condition] of [
      [[offline.imei], 'OFFLINE'],
      [[failing.imei], 'INSTALL_FAILS'],
    ] as const) {
      expect((await call('POST', '/device-gateway/condition', tokens.staff, { imeis, condition })).statusCode).toBe(200);
    }

    // A device of another model cannot take it: named, and nothing is made unless told to go ahead with the others.
    const all = [...devices.map((d) => d.id), other.id];
    const refused = await call('POST', '/device/firmware-update', tokens.c1Kyc!, { firmwareId: fw.id, deviceIds: all });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[1].message).toMatch(/is a Teltonika FMC130; this firmware is for the Teltonika FMB920/);
    const made = await call('POST', '/device/firmware-update', tokens.c1Kyc!, {
      firmwareId: fw.id,
      deviceIds: all,
      proceedWithValid: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ accepted: 3, refused: [{ deviceId: other.id }], request: { type: 'FIRMWARE_UPDATE' } });
    const jobId = made.json().data.request.jobId as string;
    expect((await waitForJob(t, tokens.c1Kyc!, jobId)).status).toBe('PARTIAL');
    const versions = async () =>
      Object.fromEntries(
        (await t.database.pool.query('SELECT id, firmware_version FROM devices WHERE id = ANY($1)', [devices.map((d) => d.id)])).rows.map(
          (r) => [r.id, r.firmware_version],
        ),
      );
    expect(await versions()).toEqual({ [ok.id]: fw.version, [offline.id]: null, [failing.id]: null });
    const errors = (
      await t.database.pool.query('SELECT sim_id, error FROM job_tasks WHERE job_id = $1 AND status = $2', [jobId, 'FAILED'])
    ).rows.map((r) => r.error as string);
    expect(errors.some((e) => /offline/.test(e))).toBe(true);
    expect(errors.some((e) => /could not install/.test(e))).toBe(true);

    // Both come back; Reinitiate sends the failed ones again.
    await call('POST', '/device-gateway/condition', tokens.staff, { imeis: [offline.imei, failing.imei], condition: 'ONLINE' });
    const [mno] = (await t.database.pool.query('SELECT id, operator FROM mno_jobs WHERE job_id = $1', [jobId])).rows;
    expect(mno.operator).toBe('DEVICES');
    const again = await t.call({ method: 'PUT', url: `${API}/mno-job/${mno.id}/reinitiate`, token: tokens.staff });
    expect(again.statusCode, again.body).toBe(200);
    expect((await waitForJob(t, tokens.c1Kyc!, jobId)).status).toBe('COMPLETED');
    expect(await versions()).toEqual({ [ok.id]: fw.version, [offline.id]: fw.version, [failing.id]: fw.version });
    // The gateway installed it once on each device.
    const installs = (
      await t.database.pool.query('SELECT imei, count(*)::int AS n FROM simulator_device_firmware WHERE imei = ANY($1) GROUP BY imei', [
        devices.map((d) => d.imei),
      ])
    ).rows;
    expect(installs).toHaveLength(3);
    expect(installs.every((r) => r.n === 1)).toBe(true);
    // Running it again: every device already runs it.
    const twice = await call('POST', '/device/firmware-update', tokens.c1Kyc!, { firmwareId: fw.id, deviceIds: devices.map((d) => d.id) });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors[1].message).toMatch(/already runs/);
  });

  it('the inventory from a file: good rows added (make and model from the TAC when left out), the others named by line; a file sent again adds nothing twice', async () => {
    const [a, b, c] = [freshImei(), freshImei(), freshImei()];
    const badLuhn = `${a.slice(0, 14)}${(Number(a[14]) + 1) % 10}`;
    const csv = [
      'imei,make,model,firmware_version,serial,vehicle_registration,vehicle_type',
      `${a},Teltonika,FMB920,03.27.07,SN-1,MH12AB1234,truck`,
      `${b},,,,,,`,
      `${badLuhn},Teltonika,FMB920,,,,`,
      `${a},Teltonika,FMB920,,,,`,
      `${c},Teltonika,FMB920,,,XX12AB1234,TRUCK`,
      `867169050000111,,,,,,`.replace('867169050000111', `99999999${c.slice(8)}`),
    ].join('\n');
    const send = async (token: string, query = '') => {
      const body = multipartBody('devices.csv', csv);
      return await t.call({
        method: 'POST',
        url: `${API}/device-inventory/upload${query}`,
        token,
        payload: body.payload,
        headers: body.headers,
      });
    };
    const res = await send(tokens.c1Desk!);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ rows: 6, added: 2, rejectedCount: 4 });
    expect(result.rejected.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [4, expect.stringMatching(/check digit/i)],
      [5, 'Listed twice (first at row 2)'],
      [6, 'XX is not a state or union territory code'],
      [7, expect.stringMatching(/check digit|No make and model/i)],
    ]);
    const added = (
      await t.database.pool.query(
        'SELECT imei, make, model, organization_id, vehicle_registration, vehicle_type FROM devices WHERE imei = ANY($1) ORDER BY imei',
        [[a, b]],
      )
    ).rows;
    expect(added).toEqual(
      expect.arrayContaining([
        {
          imei: a,
          make: 'Teltonika',
          model: 'FMB920',
          organization_id: f.orgs.C1.id,
          vehicle_registration: 'MH12AB1234',
          vehicle_type: 'TRUCK',
        },
        // The TAC 35316811 is one of the simulated devices': its make and model fill the row.
        expect.objectContaining({ imei: b, organization_id: f.orgs.C1.id, make: expect.any(String) }),
      ]),
    );
    // Sent again: nothing added twice; a file adding nothing is a 422 naming it.
    const again = await send(tokens.c1Desk!);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].path).toBe('file');
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM devices WHERE imei = ANY($1)', [[a, b]])).rows[0].n).toBe(2);
    // Into another organisation's inventory: not found.
    expect((await send(tokens.c1Desk!, `?organizationId=${f.orgs.C2.id}`)).statusCode).toBe(404);
  });
});
