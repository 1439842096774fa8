import { REQUEST_FILE_ROWS_MAX } from '@tarang/shared/requests/request.constants';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { generatedIccid } from '@tarang/shared/sims/generated-identifiers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { zipOf } from '../../lib/files/zip-test-kit';
import { makeSims, multipartBody } from '../sims/sims-test-kit';
import { simStatuses, waitForJob } from './requests-test-kit';

/** POST /request/file and requests made from a file of ICCIDs (`fileId`). */

const { t, f, tokens } = routeTest({
  config: { queuePollMs: 50, operatorRetryBaseMs: 20 },
  tenancy: true,
  roles: {
    'File makers': scopesFrom({ 'sim-actions': true, request: true, job: true }),
    'Request lookers': scopesFrom({ request: true }),
  },
  users: {
    c1: { email: 'files@c1.test', role: 'File makers', org: 'C1' },
    c1Other: { email: 'files2@c1.test', role: 'File makers', org: 'C1' },
    viewer: { email: 'looker@c1.test', role: 'Request lookers', org: 'C1' },
  },
  worker: true,
});

const upload = (fileName: string, content: Buffer | string, token = tokens.c1) =>
  t.call({ method: 'POST', url: `${API}/request/file`, token, ...multipartBody(fileName, content) });
const post = (payload: object, token = tokens.c1) => t.call({ method: 'POST', url: `${API}/request`, token, payload });

describe('POST /request/file', () => {
  it('reads the iccid column of a CSV, keeps file rows, and reports the lines that hold no ICCID', async () => {
    const sims = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const csv = [
      'label,iccid',
      `a,${sims[0]!.iccid}`,
      'b,',
      'c,8991000000000000003',
      `d,${sims[1]!.iccid.replace(/(\d{4})/g, '$1 ')}`,
    ].join('\n');
    const res = await upload('mine.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().data;
    expect(file).toMatchObject({ fileName: 'mine.csv', count: 2, rejected: 2 });
    expect(file.rows).toEqual([
      { row: 3, value: '', reason: 'No ICCID in this row' },
      { row: 4, value: '8991000000000000003', reason: 'ICCID check digit is wrong' },
    ]);
    expect(res.json().message).toBe('2 ICCIDs read; 2 rows hold no valid ICCID');
    const { rows } = await t.database.pool.query('SELECT row, iccid FROM request_file_rows WHERE file_id = $1 ORDER BY row', [file.id]);
    expect(rows).toEqual([
      { row: 2, iccid: sims[0]!.iccid },
      { row: 5, iccid: sims[1]!.iccid },
    ]);
  });

  it('takes the first column of a file without a header, the first line included', async () => {
    const [a, b] = [generatedIccid(910_001, 'AIRTEL'), generatedIccid(910_002, 'BSNL')];
    const res = await upload('plain.csv', `${a}\n${b}\n`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ count: 2, rejected: 0, rows: [] });
  });

  it('reads an XLSX workbook, and says when Excel turned an ICCID into a number that lost digits', async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('SIMs');
    ws.addRow(['ICCID', 'note']);
    ws.addRow([sim!.iccid, 'text cell']);
    ws.addRow([Number(sim!.iccid), 'number cell']);
    const res = await upload('sims.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      count: 1,
      rejected: 1,
      rows: [{ row: 3, reason: 'The ICCID was saved as a number and lost digits: format the column as text' }],
    });
  });

  it('refuses files that are not CSV/XLSX, zip bombs, empty files and files with no ICCID, naming the file field', async () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(50 * 1024 * 1024, 0x20) },
    ]);
    const cases: [string, Buffer | string, number][] = [
      ['notes.pdf', '%PDF-1.4', 415],
      ['fake.xlsx', 'iccid\n89', 415],
      ['bomb.xlsx', bomb, 422],
      ['empty.csv', '', 400],
      ['words.csv', 'iccid\nhello\n', 422],
    ];
    for (const [name, content, status] of cases) {
      const res = await upload(name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().errors[0].path).toBe('file');
    }
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM request_files WHERE count = 0');
    expect(rows[0].n).toBe(0);
  });

  it('answers a malformed CSV with 422 naming the line and what is wrong, and keeps nothing of it', async () => {
    const [a, b] = [generatedIccid(910_011, 'AIRTEL'), generatedIccid(910_012, 'BSNL')];
    const cases: [string, string, string][] = [
      ['open.csv', `iccid,label\n${a},one\n${b},two\n${a},"three\n${b},four\n`, 'Line 4: a quoted field is not closed'],
      [
        'link.csv',
        `iccid,link\n${a},ok\n${b},=HYPERLINK("https://example.in/sim")\n`,
        'Line 3: a quote (") inside a field that does not start with one; put the whole field in quotes and double the quotes inside it',
      ],
      [
        'after.csv',
        `iccid,label\n${a},"fine"\n\n${b},"Truck "7" east"\n`,
        'Line 4: text follows the closing quote of a field; a quote inside a quoted field must be doubled ("")',
      ],
      ['endless.csv', `iccid,label\n${a},"${'x'.repeat(1_100_000)}\n`, 'Line 2: the row is longer than 1 MB; is a quote left open?'],
    ];
    const before = await t.database.pool.query('SELECT count(*)::int AS n FROM request_files');
    for (const [name, content, message] of cases) {
      const res = await upload(name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'UNPROCESSABLE', message, errors: [{ path: 'file', message }] });
    }
    const after = await t.database.pool.query('SELECT count(*)::int AS n FROM request_files');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it(`refuses a file of more than ${REQUEST_FILE_ROWS_MAX.toLocaleString('en-IN')} ICCIDs and keeps nothing of it`, async () => {
    const lines = ['iccid'];
    for (let i = 0; i <= REQUEST_FILE_ROWS_MAX; i++) lines.push(generatedIccid(2_000_000 + i, 'AIRTEL'));
    const res = await upload('huge.csv', lines.join('\n'));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'file', message: expect.stringMatching(/more than 1,00,000 ICCIDs/) }]);
    const { rows } = await t.database.pool.query("SELECT count(*)::int AS n FROM request_files WHERE file_name = 'huge.csv'");
    expect(rows[0].n).toBe(0);
  }, 60_000);

  it('needs the Sim Actions permission', async () => {
    const res = await upload('plain.csv', `${generatedIccid(910_003, 'VI')}\n`, tokens.viewer);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /request with fileId', () => {
  it("validates the file's SIMs by file row, then carries out the valid ones", async () => {
    const good = await makeSims(t, 2, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const [stock] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ALLOCATED' });
    const [foreign] = await makeSims(t, 1, { organizationId: f.orgs.I.id, status: 'ACTIVE' });
    const csv = ['iccid', good[0]!.iccid, stock!.iccid, foreign!.iccid, good[0]!.iccid, good[1]!.iccid].join('\n');
    const file = (await upload('suspend.csv', csv)).json().data;

    const preview = await post({ type: 'SUSPEND', fileId: file.id, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.preview).toMatchObject({ total: 5, valid: 2, invalid: 3 });
    expect(preview.json().data.preview.rows).toEqual([
      { row: 3, iccid: stock!.iccid, reason: expect.stringMatching(/^Status ALLOCATED: /) },
      { row: 4, iccid: foreign!.iccid, reason: 'Not found' },
      { row: 5, iccid: good[0]!.iccid, reason: 'Listed twice (first at row 2)' },
    ]);

    const refused = await post({ type: 'SUSPEND', fileId: file.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toEqual({ path: 'fileId', message: expect.stringMatching(/^Row 3 \(\d+\): Status ALLOCATED/) });

    const made = await post({ type: 'SUSPEND', fileId: file.id, proceedWithValid: true });
    expect(made.statusCode, made.body).toBe(201);
    const { request } = made.json().data;
    expect(request.target).toMatchObject({ fileId: file.id, fileName: 'suspend.csv', iccidCount: 5 });
    expect(request.simsCount).toBe(2);
    await waitForJob(t, tokens.c1, request.jobId);
    expect(await simStatuses(t, [good[0]!.iccid, good[1]!.iccid, stock!.iccid])).toEqual({
      [good[0]!.iccid]: 'SUSPENDED',
      [good[1]!.iccid]: 'SUSPENDED',
      [stock!.iccid]: 'ALLOCATED',
    });
  });

  it("answers 404 for another user's file or one that does not exist, and refuses a file together with a list", async () => {
    const [sim] = await makeSims(t, 1, { organizationId: f.orgs.C1.id, status: 'ACTIVE' });
    const file = (await upload('theirs.csv', `iccid\n${sim!.iccid}\n`)).json().data;
    const other = await post({ type: 'SUSPEND', fileId: file.id, dryRun: true }, tokens.c1Other);
    expect(other.statusCode).toBe(404);
    expect(other.json().errors).toEqual([{ path: 'fileId', message: 'No such file of ICCIDs' }]);
    const staff = await post({ type: 'SUSPEND', fileId: file.id, dryRun: true }, f.actors.staffAdmin.token);
    expect(staff.statusCode).toBe(404);
    const missing = await post({ type: 'SUSPEND', fileId: 'a'.repeat(24), dryRun: true });
    expect(missing.statusCode).toBe(404);
    const both = await post({ type: 'SUSPEND', fileId: file.id, iccids: [sim!.iccid] });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual([{ path: 'iccids', message: 'Give one of iccids, fileId or filter' }]);
    const badId = await post({ type: 'SUSPEND', fileId: 'nope' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('fileId');
  });
});
