import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { generatedIccid, simIdentity } from '@tarang/shared/sims/generated-identifiers';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { zipOf } from '../../lib/files/zip-test-kit';
import { insertOperation } from './sim-operations.repository';
import { runUpload, UPLOAD_BATCH } from './sim-upload.service';
import { simOperations } from './sims.table';
import { multipartBody, waitForOperation } from './sims-test-kit';

const LIMIT = 512 * 1024;
let dataDir: string;
// Registered before the set-up, so it runs after the app has closed (after-hooks run in reverse order).
afterAll(async () => rm(dataDir, { recursive: true, force: true }));
const { t, tokens } = routeTest({
  config: async () => {
    process.env.TARANG_SIM_UPLOAD_MAX_BYTES = String(LIMIT);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tarang-upload-'));
    return { dataDir, spreadsheetBudgetBytes: 1024 * 1024 };
  },
  staff: true,
  organizations: { upload: 'Upload Org' },
  roles: { 'All SIM actions': scopesFrom({ 'sim-inventory': true }) },
  users: { orgUser: { email: 'org@upload.test', role: 'All SIM actions', org: 'upload' } },
});

const upload = (fileName: string, content: Buffer | string, token = tokens.staff) =>
  t.call({ method: 'POST', url: `${API}/sim/large-data`, token, ...multipartBody(fileName, content) });

async function uploadAndWait(fileName: string, content: Buffer | string) {
  const res = await upload(fileName, content);
  expect(res.statusCode, res.body).toBe(202);
  const op = await waitForOperation(t, tokens.staff, `${API}/sim/large-data/${res.json().data.id}`);
  const rejected = await t.call({ method: 'GET', url: `${API}/sim/large-data/${op.id}/rejected`, token: tokens.staff });
  expect(rejected.statusCode).toBe(200);
  expect(rejected.headers['content-type']).toMatch(/^text\/csv/);
  const lines = rejected.body.trim().split('\n');
  expect(lines[0]).toBe('row,column,value,reason');
  return { op, rejected: lines.slice(1) };
}

const HEADER = 'iccid,imsi,msisdn,operator,provisioned_iccid,provisioned_imsi,provisioned_msisdn,provisioned_operator,label';
const line = (
  n: number,
  op: 'AIRTEL' | 'BSNL' | 'VI',
  extra: Partial<Record<'iccid' | 'imsi' | 'msisdn' | 'operator' | 'label', string>> = {},
  dual?: 'AIRTEL' | 'BSNL' | 'VI',
) => {
  const p = simIdentity(n, op);
  const q = dual ? simIdentity(n + 500_000, dual) : null;
  return [
    extra.iccid ?? p.iccid,
    extra.imsi ?? p.imsi,
    extra.msisdn ?? p.msisdn,
    extra.operator ?? op,
    q?.iccid ?? '',
    q?.imsi ?? '',
    q?.msisdn ?? '',
    q?.operator ?? '',
    extra.label ?? '',
  ].join(',');
};

describe('GET /sim/large-data/template', () => {
  it('CSV: the columns', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/sim/large-data/template?format=csv`, token: tokens.staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="sim-upload-template.csv"');
    expect(res.body).toBe(`${HEADER}\n`);
  });
  it('XLSX: the columns, formatted as text', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/sim/large-data/template?format=xlsx`, token: tokens.staff });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('SIMs')!;
    expect((sheet.getRow(1).values as string[]).slice(1).join(',')).toBe(HEADER);
    expect(sheet.getColumn(1).numFmt).toBe('@');
  });
});

describe('POST /sim/large-data: CSV', () => {
  const base = 1_000;
  const rows = [
    line(base + 1, 'AIRTEL', { label: 'Truck 1' }), // row 2: fine
    line(base + 2, 'BSNL', {}, 'VI'), // row 3: dual profile
    line(base + 3, 'VI', {
      iccid: `${generatedIccid(base + 3, 'VI').slice(0, 18)}${(Number(generatedIccid(base + 3, 'VI')[18]) + 1) % 10}`,
    }), // row 4: check digit
    line(base + 4, 'AIRTEL', { imsi: '40410123' }), // row 5: short IMSI
    line(base + 5, 'AIRTEL', { operator: 'JIO' }), // row 6: unknown operator
    line(base + 6, 'AIRTEL', { iccid: '' }), // row 7: no ICCID
    line(base + 7, 'AIRTEL', { operator: 'airtel', msisdn: '9876501234' }), // row 8: national MSISDN and lower-case operator are fine
    line(base + 8, 'BSNL', { iccid: generatedIccid(base + 1, 'AIRTEL') }), // row 9: ICCID of row 2 again
    line(base + 9, 'VI', { msisdn: '+9112' }), // row 10: bad MSISDN
  ];

  it('adds the valid rows and reports each rejected one with row, column and reason', async () => {
    const { op, rejected } = await uploadAndWait('sims.csv', `${HEADER}\n${rows.join('\n')}\n`);
    expect(op).toMatchObject({
      kind: 'UPLOAD',
      status: 'DONE',
      processed: 9,
      succeeded: 3,
      skipped: 6,
      alreadyPresent: 0,
      total: 9,
      totalIsEstimate: false,
      fileName: 'sims.csv',
    });
    expect(rejected).toEqual([
      `4,iccid,${generatedIccid(base + 3, 'VI').slice(0, 18)}${(Number(generatedIccid(base + 3, 'VI')[18]) + 1) % 10},ICCID check digit is wrong`,
      '5,imsi,40410123,IMSI must be 15 digits',
      '6,operator,JIO,"Operator must be one of AIRTEL, BSNL, VI"',
      '7,iccid,,ICCID is required',
      `9,iccid,${generatedIccid(base + 1, 'AIRTEL')},Duplicate of row 2 in this file`,
      '10,msisdn,"+9112",MSISDN must be +91 followed by 10 digits (or 13 for M2M numbers)',
    ]);
    const dual = await t.call({ method: 'GET', url: `${API}/sim/${simIdentity(base + 2 + 500_000, 'VI').iccid}`, token: tokens.staff });
    expect(dual.json().data).toMatchObject({
      iccid: simIdentity(base + 2, 'BSNL').iccid,
      profile: 'BSNL+VI',
      status: 'IN_STOCK',
      organization: null,
    });
    expect(dual.json().data.history[0]).toMatchObject({ action: 'sim.upload', after: { added: 3, rejected: 6, fileName: 'sims.csv' } });
    const national = await t.call({ method: 'GET', url: `${API}/sim?search=9876501234`, token: tokens.staff });
    expect(national.json().data[0].primary).toMatchObject({ MSISDN: '+919876501234', operator: 'AIRTEL' });
    const truck = await t.call({ method: 'GET', url: `${API}/sim/${simIdentity(base + 1, 'AIRTEL').iccid}`, token: tokens.staff });
    expect(truck.json().data.label).toBe('Truck 1');
  });

  it('the same file again adds nothing and says the rows are already present', async () => {
    const { op, rejected } = await uploadAndWait('sims-again.csv', `${HEADER}\n${rows.join('\n')}\n`);
    expect(op).toMatchObject({ status: 'DONE', processed: 9, succeeded: 0, skipped: 9, alreadyPresent: 3 });
    expect(rejected.filter((l) => l.endsWith(',Already present'))).toHaveLength(3);
    expect(rejected.find((l) => l.startsWith('2,'))).toBe(`2,iccid,${simIdentity(base + 1, 'AIRTEL').iccid},Already present`);
  });

  it('finds a duplicate across batches (5,000 rows apart) and a header-only file adds nothing', async () => {
    const many = Array.from({ length: 5200 }, (_, i) => line(20_000 + i, 'VI'));
    many.push(line(30_000, 'VI', { imsi: simIdentity(20_010, 'VI').imsi })); // row 5202 repeats row 12's IMSI
    const { op, rejected } = await uploadAndWait('many.csv', `${HEADER}\n${many.join('\n')}\n`);
    expect(op).toMatchObject({ status: 'DONE', processed: 5201, succeeded: 5200, skipped: 1 });
    expect(rejected).toEqual([`5202,imsi,${simIdentity(20_010, 'VI').imsi},Duplicate of row 12 in this file`]);
    const { op: empty } = await uploadAndWait('empty.csv', `${HEADER}\n`);
    expect(empty).toMatchObject({ status: 'DONE', processed: 0, succeeded: 0 });
  });

  it('a malformed line ends the upload FAILED, naming the line and what is wrong; a malformed header is a 422', async () => {
    const good = [line(50_001, 'AIRTEL'), line(50_002, 'BSNL'), line(50_003, 'VI'), line(50_004, 'AIRTEL'), line(50_005, 'BSNL')];
    const cases: [string, string, string][] = [
      [
        'open.csv',
        `${HEADER}\n${good.join('\n')}\n${line(50_006, 'VI', { label: '"Truck 6' })}\n${line(50_007, 'VI')}\n`,
        'Line 7: a quoted field is not closed',
      ],
      [
        'link.csv',
        `${HEADER}\n${good.join('\n')}\n${line(50_008, 'VI', { label: '=HYPERLINK("https://example.in")' })}\n`,
        'Line 7: a quote (") inside a field that does not start with one; put the whole field in quotes and double the quotes inside it',
      ],
    ];
    for (const [name, content, message] of cases) {
      const res = await upload(name, content);
      expect(res.statusCode, res.body).toBe(202);
      const op = await waitForOperation(t, tokens.staff, `${API}/sim/large-data/${res.json().data.id}`);
      expect(op, name).toMatchObject({ status: 'FAILED', error: message });
    }
    const header = await upload('header.csv', `iccid,"imsi,operator\n${good[0]}\n`);
    expect(header.statusCode, header.body).toBe(422);
    expect(header.json().errors).toEqual([{ path: 'file', message: 'Line 1: a quoted field is not closed' }]);
  });

  it('a CSV without the required columns is a 422 naming them', async () => {
    const res = await upload('wrong.csv', 'serial,operator\n1,AIRTEL\n');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^The file has no iccid, imsi columns/);
  });
});

describe('an upload run: two batches at a time, resumable, one upload at a time', () => {
  /** An upload operation the runner leaves alone (RUNNING with a fresh heartbeat), to run by hand. */
  async function handRun(name: string, lines: string[]) {
    const filePath = path.join(dataDir, `${name}.csv`);
    const text = `${HEADER}\n${lines.join('\n')}\n`;
    await writeFile(filePath, text);
    const { rows } = await t.database.pool.query(`SELECT actor FROM sim_operations WHERE kind = 'UPLOAD' LIMIT 1`);
    return insertOperation(t.deps.db, {
      kind: 'UPLOAD',
      status: 'RUNNING',
      actor: rows[0].actor,
      params: { format: 'csv', size: Buffer.byteLength(text) },
      total: 1,
      totalIsEstimate: true,
      fileName: `${name}.csv`,
      filePath,
      rejectedPath: path.join(dataDir, `${name}.rejected.csv`),
      heartbeatAt: new Date(),
    });
  }
  const stored = async (id: string) => (await t.deps.db.select().from(simOperations).where(eq(simOperations.id, id)))[0]!;

  it('a run stopped after its first batch resumes: every row counted once, repeats across batches still named', async () => {
    const lines = Array.from({ length: 12_000 }, (_, i) => line(300_000 + i, 'AIRTEL'));
    lines.push(line(370_000, 'BSNL', { imsi: simIdentity(300_004, 'AIRTEL').imsi })); // row 12,002 repeats row 6's IMSI
    lines.push(line(300_010, 'AIRTEL')); // row 12,003 repeats row 12 whole
    lines[7_000] = line(370_001, 'VI', { msisdn: simIdentity(300_100, 'AIRTEL').msisdn }); // row 7,002 repeats row 102's MSISDN
    const op = await handRun('resume', lines);
    await runUpload(t.deps, op, () => true);
    const half = await stored(op.id);
    expect(half).toMatchObject({ status: 'RUNNING', processed: UPLOAD_BATCH, succeeded: UPLOAD_BATCH, skipped: 0 });
    await runUpload(t.deps, half, () => false);
    expect(await stored(op.id)).toMatchObject({ status: 'DONE', processed: 12_002, succeeded: 11_999, skipped: 3, alreadyPresent: 0 });
    const rejected = (await readFile(path.join(dataDir, 'resume.rejected.csv'), 'utf8')).trim().split('\n');
    expect(rejected).toEqual([
      'row,column,value,reason',
      `7002,msisdn,"${simIdentity(300_100, 'AIRTEL').msisdn}",Duplicate of row 102 in this file`,
      `12002,imsi,${simIdentity(300_004, 'AIRTEL').imsi},Duplicate of row 6 in this file`,
      `12003,iccid,${simIdentity(300_010, 'AIRTEL').iccid},Duplicate of row 12 in this file`,
    ]);
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM sims WHERE upload_id = $1', [op.id]);
    expect(rows[0].n).toBe(11_999);
  });

  it('two uploads of one file at once: they take turns, one adds every SIM and the other finds them present', async () => {
    const lines = Array.from({ length: 6_000 }, (_, i) => line(320_000 + i, 'BSNL'));
    const [a, b] = [await handRun('twice-a', lines), await handRun('twice-b', lines)];
    await Promise.all([runUpload(t.deps, a, () => false), runUpload(t.deps, b, () => false)]);
    const results = [await stored(a.id), await stored(b.id)].map((o) => [o.succeeded, o.alreadyPresent]).sort();
    expect(results).toEqual([
      [0, 6_000],
      [6_000, 0],
    ]);
  });
});

describe('POST /sim/large-data: XLSX', () => {
  it('reads the first sheet as a stream; a number that lost digits is rejected with the fix', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('SIMs');
    sheet.addRow(HEADER.split(','));
    const a = simIdentity(40_001, 'AIRTEL');
    const b = simIdentity(40_002, 'BSNL');
    sheet.addRow([a.iccid, a.imsi, a.msisdn, 'AIRTEL', '', '', '', '', 'From Excel']);
    sheet.addRow([Number(b.iccid), Number(b.imsi), '', 'BSNL']);
    const res = await uploadAndWait('sims.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.op).toMatchObject({ status: 'DONE', processed: 2, succeeded: 1, skipped: 1 });
    expect(res.rejected).toEqual(['3,iccid,,ICCID was saved as a number and lost digits: format the column as text']);
  });
});

describe('POST /sim/large-data: XLSX over the spreadsheet budget', () => {
  it('fails naming the budget, and the file is not kept', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('SIMs');
    sheet.addRow(HEADER.split(','));
    for (let i = 0; i < 2_000; i++) {
      const p = simIdentity(60_000 + i, 'AIRTEL');
      sheet.addRow([p.iccid, p.imsi, p.msisdn, 'AIRTEL', '', '', '', '', `Depot ${i} ${'east yard '.repeat(60)}`]);
    }
    const res = await upload('big-text.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(202);
    const op = await waitForOperation(t, tokens.staff, `${API}/sim/large-data/${res.json().data.id}`);
    expect(op).toMatchObject({ status: 'FAILED', error: "This workbook's shared text is larger than 1 MB; save it as CSV or split it" });
    const left = await readdir(path.join(dataDir, 'uploads'));
    expect(left.filter((n) => n.startsWith(op.id) && n.endsWith('.xlsx'))).toEqual([]);
  });
});

describe('hostile and wrong files are refused', () => {
  it('a file that is not CSV or XLSX: 415', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [name, body] of [
      ['photo.png', png],
      ['photo.csv', png],
      ['sims.xlsx', `${HEADER}\n`],
      ['sims.txt', `${HEADER}\n`],
      ['archive.xlsx', zipOf([{ name: 'readme.txt', data: Buffer.from('hello') }])],
    ] as const) {
      const res = await upload(name, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('a file over the size limit: 413, and nothing is left on disk', async () => {
    const big = `${HEADER}\n${'x'.repeat(LIMIT + 10)}\n`;
    const res = await upload('big.csv', big);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 512 KB', errors: [{ path: 'file' }] });
    const left = await readdir(path.join(dataDir, 'uploads'));
    expect(left.filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('a zip bomb disguised as XLSX: refused from its directory, never unpacked', async () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(LIMIT);
    const res = await upload('bomb.xlsx', bomb);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/zip bomb/);
  });

  it('a workbook whose directory understates a part fails when that part is read past what it declares, and is not kept', async () => {
    const liar = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024, 0x20), declared: 100_000 },
    ]);
    const res = await upload('liar.xlsx', liar);
    expect(res.statusCode, res.body).toBe(202);
    const op = await waitForOperation(t, tokens.staff, `${API}/sim/large-data/${res.json().data.id}`);
    expect(op).toMatchObject({
      status: 'FAILED',
      error: 'A part of this workbook unpacks to more than it declares: refused as a zip bomb',
    });
    const left = await readdir(path.join(dataDir, 'uploads'));
    expect(left.filter((n) => n.endsWith('.part') || n.endsWith('.xlsx'))).toEqual([]);
  });

  it('JSON instead of a file, or a file in another field: 4xx', async () => {
    const json = await t.call({ method: 'POST', url: `${API}/sim/large-data`, token: tokens.staff, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const other = await t.call({
      method: 'POST',
      url: `${API}/sim/large-data`,
      token: tokens.staff,
      ...multipartBody('a.csv', HEADER, 'document'),
    });
    expect(other.statusCode).toBe(400);
  });

  it('uploads are for staff: an organisation user gets 403', async () => {
    expect((await upload('sims.csv', `${HEADER}\n`, tokens.orgUser)).statusCode).toBe(403);
  });
});
