import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { luhnCheckDigit } from '@tarang/shared/sims/identifiers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { makeSims, multipartBody } from './sims-test-kit';

/** IMEI locks from a file of ICCID–IMEI pairs (POST /sim/imeis/file, issue 16): locked SIMs, and refused rows by line. */
const { t, f, tokens } = routeTest({
  tenancy: true,
  roles: { 'IMEI lockers': scopesFrom({ 'sim-actions': true }), 'SIM lookers': scopesFrom({ 'sim-inventory': [] }) },
  users: {
    c1: { email: 'imei-file@c1.test', role: 'IMEI lockers', org: 'C1' },
    c1Looker: { email: 'imei-looker@c1.test', role: 'SIM lookers', org: 'C1' },
  },
});

const upload = (fileName: string, content: Buffer | string, token = tokens.c1!) =>
  t.call({ method: 'POST', url: `${API}/sim/imeis/file`, token, ...multipartBody(fileName, content) });

/** A valid IMEI from 14 digits. */
const imei = (body: string) => `${body}${luhnCheckDigit(body)}`;

async function locks(iccids: string[]) {
  const { rows } = await t.database.pool.query<{ iccid: string; imei_lock: boolean; locked_imei: string | null }>(
    `SELECT p.iccid, s.imei_lock, s.locked_imei FROM sims s JOIN sim_profiles p ON p.sim_id = s.id WHERE p.iccid = ANY($1) ORDER BY p.iccid`,
    [iccids],
  );
  return rows;
}

describe('IMEI locks from a file', () => {
  it('locks each SIM to its IMEI and names every row it did not take, by line and why', async () => {
    const [a, b, terminated] = await makeSims(t, 3, (i) => ({
      organizationId: f.orgs.C1.id,
      status: i === 2 ? 'TERMINATED' : 'ACTIVE',
      operators: ['AIRTEL'],
    }));
    const [foreign] = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const good = imei('86716905000001');
    const csv = [
      'ICCID,IMEI,Note',
      `${a!.iccid},${good},gate`,
      `${b!.iccid},867169050000029,wrong check digit`,
      `${b!.iccid},${imei('86716905000003')},second try`,
      `${a!.iccid},${imei('86716905000004')},again`,
      `${terminated!.iccid},${imei('86716905000005')},ended`,
      `${foreign!.iccid},${imei('86716905000006')},not ours`,
      ',123,empty',
    ].join('\n');
    const res = await upload('imeis.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 SIMs IMEI-locked; 5 rows not taken');
    expect(res.json().data).toEqual({
      updated: 2,
      rejected: 5,
      rows: [
        { row: 3, iccid: b!.iccid, reason: 'IMEI check digit is wrong' },
        { row: 5, iccid: a!.iccid, reason: 'Listed twice (first at row 2)' },
        { row: 6, iccid: terminated!.iccid, reason: 'Status TERMINATED: nothing to lock' },
        { row: 7, iccid: foreign!.iccid, reason: 'Not found' },
        { row: 8, iccid: '', reason: 'No ICCID in this row' },
      ],
    });
    expect(await locks([a!.iccid, b!.iccid])).toEqual([
      { iccid: a!.iccid, imei_lock: true, locked_imei: good },
      { iccid: b!.iccid, imei_lock: true, locked_imei: imei('86716905000003') },
    ]);
    expect((await locks([foreign!.iccid]))[0]).toMatchObject({ imei_lock: false });
  });

  it('reads an XLSX, and says when Excel turned an IMEI into a number that lost digits', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE', operators: ['BSNL'] });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Locks');
    ws.addRow(['iccid', 'imei']);
    ws.addRow([sim!.iccid, imei('35316811000001')]);
    ws.addRow([sim!.iccid, Number(imei('35316811000002'))]);
    const res = await upload('locks.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated).toBe(1);
    expect(res.json().data.rows).toEqual([{ row: 3, iccid: sim!.iccid, reason: 'Listed twice (first at row 2)' }]);
  });

  it('refuses a file that locks nothing, lacks the columns or is not CSV/XLSX, naming the file; a reader may not lock', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C2.id, status: 'ACTIVE', operators: ['AIRTEL'] });
    const cases: [string, string, number, string][] = [
      ['bad.csv', 'iccid,imei\n123,456\n', 422, 'The file holds no ICCID–IMEI pair that can be used'],
      ['foreign.csv', `iccid,imei\n${sim!.iccid},${imei('86716905000009')}\n`, 422, 'None of the SIMs in the file can be IMEI-locked'],
      ['columns.csv', 'sim,device\n1,2\n', 422, 'The file needs the columns iccid and imei'],
      ['notes.pdf', '%PDF-1.4', 415, 'Upload a .csv or .xlsx file'],
      ['empty.csv', '', 400, 'The file is empty'],
    ];
    for (const [name, content, status, message] of cases) {
      const res = await upload(name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().errors[0]).toEqual({ path: 'file', message });
    }
    const foreign = await upload('foreign.csv', `iccid,imei\n${sim!.iccid},${imei('86716905000009')}\n`);
    expect(foreign.json().errors[1]).toEqual({ path: 'file.row.2', message: `${sim!.iccid}: Not found` });
    expect((await upload('x.csv', `iccid,imei\n${sim!.iccid},${imei('86716905000009')}\n`, tokens.c1Looker!)).statusCode).toBe(403);
  });
});
