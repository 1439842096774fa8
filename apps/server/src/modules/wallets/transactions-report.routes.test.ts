import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { EXPORT_BATCH, TRANSACTION_EXPORT_COLUMNS } from './transactions-export.service';
import { fundManyTimes, fundWallet, postTestMovement, type TTestPosted, walletIdOfOrg } from './wallet-entries-test-kit';

const { t, f, tokens, orgs, rows } = routeTest({ tenancy: true, organizations: { bulk: 'Bulk Meters' } });

type TRow = {
  id: string;
  transactionId: string;
  walletId: string;
  organization: { id: string; tradeName: string };
  type: string;
  amount: number;
  balanceAfter: number;
  counterparty: { kind: string; walletId: string | null; organizationId: string | null; label: string } | null;
  reference: string | null;
  reason: string | null;
  createdBy: { id: string | null; label: string } | null;
  createdAt: string;
};

const id = (key: string) => orgs[key]!.id;
const wallets: Record<string, string> = {};
let opening: TTestPosted;
let transfer: TTestPosted;
let capture: TTestPosted;
let adjust: TTestPosted;
let topUp: TTestPosted;
let c2Adds: TTestPosted[];

beforeAll(async () => {
  for (const key of ['R', 'C1', 'C2', 'G', 'I', 'bulk']) wallets[key] = await walletIdOfOrg(t, id(key));
  const staff = { id: f.actors.staffAdmin.userId, label: 'staff admin' };
  opening = await fundWallet(t, id('R'), 1_000_000, { actor: staff, at: new Date('2026-01-10T10:00:00Z') });
  // 20:00 UTC on the 15th is 01:30 on the 16th in India.
  transfer = await postTestMovement(t, {
    type: 'TRANSFER',
    reference: 'Monthly float',
    actor: { id: f.actors.rAdmin.userId, label: 'R admin' },
    at: new Date('2026-01-15T20:00:00Z'),
    lines: [
      { org: id('R'), amount: -250_050 },
      { org: id('C1'), amount: 250_050 },
    ],
  });
  await postTestMovement(t, {
    type: 'TRANSFER',
    at: new Date('2026-02-01T06:00:00Z'),
    lines: [
      { org: id('C1'), amount: -50_000 },
      { org: id('G'), amount: 50_000 },
    ],
  });
  // G buys at ₹300: C1 and R each earn a ₹50 margin, the provider ₹200.
  capture = await postTestMovement(t, {
    type: 'CAPTURE',
    reference: 'Activation 42',
    at: new Date('2026-02-05T09:00:00Z'),
    lines: [
      { org: id('G'), amount: -30_000 },
      { org: id('C1'), amount: 5_000 },
      { org: id('R'), amount: 5_000 },
      { provider: 'PROVIDER_REVENUE', amount: 20_000 },
    ],
  });
  adjust = await postTestMovement(t, {
    type: 'ADJUST',
    reason: '=1+1, "typo" fix',
    at: new Date('2026-02-10T09:00:00Z'),
    lines: [
      { org: id('C2'), amount: 1_234 },
      { provider: 'ADJUSTMENTS', amount: -1_234 },
    ],
  });
  topUp = await postTestMovement(t, {
    type: 'TOPUP',
    reference: 'payu-txn-1',
    at: new Date('2026-02-12T09:00:00Z'),
    lines: [
      { org: id('I'), amount: 99_999 },
      { provider: 'GATEWAY_CLEARING', amount: -99_999 },
    ],
  });
  await postTestMovement(t, {
    type: 'DEDUCT',
    reason: 'Refund by cheque',
    at: new Date('2026-02-20T09:00:00Z'),
    lines: [
      { org: id('R'), amount: -1_000 },
      { provider: 'PROVIDER_FUNDING', amount: 1_000 },
    ],
  });
  c2Adds = [];
  for (let i = 0; i < 7; i++) c2Adds.push(await fundWallet(t, id('C2'), 100 + i, { at: new Date(`2026-03-0${i + 1}T09:00:00Z`) }));
});

const get = (url: string, token = tokens.staff) => t.call({ method: 'GET', url: `${API}${url}`, token });

async function report(query: string, token = tokens.staff): Promise<{ data: TRow[]; meta: { limit: number; nextCursor: string | null } }> {
  const res = await get(`/report/transactions?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every entry of the report for `query`, following the cursor. */
async function everything(query: string, token = tokens.staff, limit = 500): Promise<TRow[]> {
  const out: TRow[] = [];
  let cursor: string | null = null;
  do {
    const page = await report(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
    out.push(...page.data);
    cursor = page.meta.nextCursor;
  } while (cursor);
  return out;
}

describe('GET /report/transactions', () => {
  it("lists wallet entries newest first, each from its wallet's side, with balance after, counterparty and author", async () => {
    const { data } = await report(`organizationId=${id('R')}`);
    expect(data.map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
      ['DEDUCT', -1_000, 753_950],
      ['CAPTURE', 5_000, 754_950],
      ['TRANSFER', -250_050, 749_950],
      ['ADD', 1_000_000, 1_000_000],
    ]);
    const [, earned, sent, added] = data;
    expect(added).toEqual({
      id: opening.postingIds[0],
      transactionId: opening.transactionId,
      walletId: wallets.R,
      organization: { id: id('R'), tradeName: 'Org R' },
      type: 'ADD',
      amount: 1_000_000,
      balanceAfter: 1_000_000,
      counterparty: { kind: 'PROVIDER_FUNDING', walletId: null, organizationId: null, label: 'Provider funding' },
      reference: null,
      reason: 'Opening balance',
      createdBy: { id: f.actors.staffAdmin.userId, label: 'staff admin' },
      createdAt: '2026-01-10T10:00:00.000Z',
    });
    expect(sent).toMatchObject({
      transactionId: transfer.transactionId,
      reference: 'Monthly float',
      counterparty: { kind: 'WALLET', walletId: wallets.C1, organizationId: id('C1'), label: 'Org C1' },
      createdBy: { id: f.actors.rAdmin.userId, label: 'R admin' },
    });
    // A system movement has no author.
    expect(earned!.createdBy).toBeNull();
    // The wallet's balance is its last entry's balance after.
    const [account] = await rows<{ balance: string }>('SELECT balance FROM ledger_accounts WHERE id = $1', [wallets.R]);
    expect(Number(account!.balance)).toBe(data[0]!.balanceAfter);
  });

  it('names the counterparty: the opposite posting with the largest amount, a wallet by its organisation or a provider account', async () => {
    const all = await everything('from=2026-01-01&to=2026-02-28');
    const of = (posted: TTestPosted, org: string) =>
      all.find((r) => r.transactionId === posted.transactionId && r.organization.id === id(org))!;
    // G paid ₹300: the provider's ₹200 is the largest credit, not the resellers' ₹50 margins.
    expect(of(capture, 'G').counterparty).toEqual({
      kind: 'PROVIDER_REVENUE',
      walletId: null,
      organizationId: null,
      label: 'Provider revenue',
    });
    expect(of(capture, 'C1').counterparty).toEqual({ kind: 'WALLET', walletId: wallets.G, organizationId: id('G'), label: 'Org G' });
    expect(of(capture, 'R').counterparty).toMatchObject({ kind: 'WALLET', label: 'Org G' });
    expect(of(transfer, 'C1').counterparty).toMatchObject({ kind: 'WALLET', walletId: wallets.R, label: 'Org R' });
    expect(of(adjust, 'C2').counterparty!.label).toBe('Adjustments');
    expect(of(topUp, 'I').counterparty!.label).toBe('Payment gateway');
    expect(of(opening, 'R').counterparty!.label).toBe('Provider funding');
    // Only wallets' postings: the provider's accounts never show as an entry.
    expect(all.every((r) => r.organization.id && r.walletId)).toBe(true);
    expect(all.filter((r) => r.transactionId === capture.transactionId)).toHaveLength(3);
  });

  it('pages with a cursor: every entry once, newest first, and no cursor after the last page', async () => {
    const first = await report(`organizationId=${id('C2')}&limit=3`);
    expect(first.meta).toEqual({ limit: 3, nextCursor: expect.any(String) });
    const second = await report(`organizationId=${id('C2')}&limit=3&cursor=${first.meta.nextCursor}`);
    const third = await report(`organizationId=${id('C2')}&limit=3&cursor=${second.meta.nextCursor}`);
    expect(third.meta.nextCursor).toBeNull();
    const ids = [...first.data, ...second.data, ...third.data].map((r) => r.id);
    const expected = [...c2Adds.map((p) => p.postingIds[0]!).reverse(), adjust.postingIds[0]!];
    expect(ids).toEqual(expected);
    expect([first.data.length, second.data.length, third.data.length]).toEqual([3, 3, 2]);
    // A page read again with the same cursor answers the same rows.
    const again = await report(`organizationId=${id('C2')}&limit=3&cursor=${first.meta.nextCursor}`);
    expect(again.data.map((r) => r.id)).toEqual(second.data.map((r) => r.id));
  });

  it('filters by type, wallet, organisation (exactly its wallet) and India days', async () => {
    const transfers = await everything('type=TRANSFER');
    expect(transfers.map((r) => [r.organization.tradeName, r.amount])).toEqual([
      ['Org G', 50_000],
      ['Org C1', -50_000],
      ['Org C1', 250_050],
      ['Org R', -250_050],
    ]);
    const c1 = await everything(`walletId=${wallets.C1}`);
    expect(c1.map((r) => r.amount)).toEqual([5_000, -50_000, 250_050]);
    expect(new Set(c1.map((r) => r.walletId))).toEqual(new Set([wallets.C1]));
    // An organisation is its own wallet only, not its children's.
    const r = await everything(`organizationId=${id('R')}`);
    expect(new Set(r.map((x) => x.organization.id))).toEqual(new Set([id('R')]));
    // The transfer was posted on the 16th in India (20:00 UTC on the 15th).
    const on16th = await everything('from=2026-01-16&to=2026-01-16');
    expect(on16th.map((x) => x.transactionId)).toEqual([transfer.transactionId, transfer.transactionId]);
    expect(await everything('from=2026-01-15&to=2026-01-15')).toEqual([]);
    const fromFeb = await everything(`organizationId=${id('R')}&from=2026-02-01`);
    expect(fromFeb.map((x) => x.type)).toEqual(['DEDUCT', 'CAPTURE']);
    const toJan = await everything(`organizationId=${id('R')}&to=2026-01-31`);
    expect(toJan.map((x) => x.type)).toEqual(['TRANSFER', 'ADD']);
    // A date-time is taken as it is.
    const exact = await everything(`organizationId=${id('R')}&from=2026-01-15T20:00:00Z&to=2026-01-15T20:00:00.000Z`);
    expect(exact.map((x) => x.type)).toEqual(['TRANSFER']);
    const combined = await everything(`walletId=${wallets.C1}&type=CAPTURE&from=2026-02-05`);
    expect(combined.map((x) => x.transactionId)).toEqual([capture.transactionId]);
  });

  it('shows an organisation user its own subtree only; a wallet or organisation outside it is a 404', async () => {
    const seen = await everything('from=2026-01-01&to=2026-03-31', tokens.staff);
    const c1View = await everything('from=2026-01-01&to=2026-03-31', f.actors.c1Admin.token);
    expect(new Set(c1View.map((r) => r.organization.tradeName))).toEqual(new Set(['Org C1', 'Org G']));
    expect(c1View.map((r) => r.id)).toEqual(seen.filter((r) => ['Org C1', 'Org G'].includes(r.organization.tradeName)).map((r) => r.id));
    const rView = await everything('from=2026-01-01&to=2026-03-31', f.actors.rAdmin.token);
    expect(new Set(rView.map((r) => r.organization.tradeName))).toEqual(new Set(['Org R', 'Org C1', 'Org C2', 'Org G']));
    // The parent that sent C1 money is named, but its ids stay outside C1's reach.
    const fromParent = c1View.find((r) => r.transactionId === transfer.transactionId)!;
    expect(fromParent.counterparty).toEqual({ kind: 'WALLET', walletId: null, organizationId: null, label: 'Org R' });
    // A sibling's wallet, the parent's organisation, a foreign one, and ids that do not exist: all 404.
    for (const query of [
      `walletId=${wallets.C2}`,
      `walletId=${wallets.R}`,
      `organizationId=${id('R')}`,
      `organizationId=${id('I')}`,
      'walletId=f0f0f0f0f0f0f0f0f0f0f0f0',
      'organizationId=f0f0f0f0f0f0f0f0f0f0f0f0',
    ]) {
      const res = await get(`/report/transactions?${query}`, f.actors.c1Admin.token);
      expect(res.statusCode, query).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      const file = await get(`/report/transactions/export?format=csv&${query}`, f.actors.c1Admin.token);
      expect(file.statusCode, query).toBe(404);
    }
    // A provider account is not a wallet.
    const [revenue] = await rows<{ id: string }>("SELECT id FROM ledger_accounts WHERE kind = 'PROVIDER_REVENUE'");
    expect((await get(`/report/transactions?walletId=${revenue!.id}`)).statusCode).toBe(404);
    // In reach: the grandchild's wallet.
    expect((await report(`walletId=${wallets.G}`, f.actors.c1Admin.token)).data.length).toBeGreaterThan(0);
    // Without the Transactions permission: 403.
    const operator = await get('/report/transactions', f.actors.c1Operator.token);
    expect(operator.statusCode).toBe(403);
    expect((await get('/report/transactions/export', f.actors.c1Operator.token)).statusCode).toBe(403);
  });

  it('serves the wallet statement from the same read', async () => {
    const statement = await get(`/wallet/${wallets.C1}/transactions?limit=500`);
    expect(statement.statusCode, statement.body).toBe(200);
    const report = await everything(`walletId=${wallets.C1}`);
    expect(statement.json().data.map((e: TRow) => [e.id, e.amount, e.balanceAfter, e.counterparty?.label])).toEqual(
      report.map((e) => [e.id, e.amount, e.balanceAfter, e.counterparty?.label]),
    );
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['type=BONUS', 'querystring.type'],
      ['from=2026-02-30', 'querystring.from'],
      ['to=yesterday', 'querystring.to'],
      ['limit=0', 'querystring.limit'],
      ['limit=501', 'querystring.limit'],
      ['limit=2.5', 'querystring.limit'],
      ['cursor=abc', 'querystring.cursor'],
      ['cursor=ab%21', 'querystring.cursor'],
      ['walletId=xyz', 'querystring.walletId'],
      ['organizationId=1234', 'querystring.organizationId'],
      ['page=2', 'querystring'],
    ];
    for (const [query, path] of cases) {
      const res = await get(`/report/transactions?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().errors[0].path, query).toContain(path);
    }
    for (const [query, path] of [
      ['format=pdf', 'querystring.format'],
      ['format=csv&limit=10', 'querystring'],
      ['format=xlsx&type=BONUS', 'querystring.type'],
      ['format=csv&from=0000-01-01', 'querystring.from'],
    ] as const) {
      const res = await get(`/report/transactions/export?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().errors[0].path, query).toContain(path);
    }
  });
});

/** A CSV file's rows as cells, read as a spreadsheet would (RFC 4180 quoting, the byte-order mark dropped). */
const parseCsv = (text: string): string[][] => parse(text, { bom: true, relax_column_count: false });

const HEADERS = TRANSACTION_EXPORT_COLUMNS.map((c) => c.header);
const column = (name: string) => HEADERS.indexOf(name);

describe('GET /report/transactions/export', () => {
  it('CSV: every matching entry, rupees with two decimals and paise, dates in India time, free text made safe', async () => {
    const res = await get(`/report/transactions/export?format=csv&from=2026-01-01&to=2026-02-28`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    // A byte-order mark, so that a spreadsheet reads the names as UTF-8, and CRLF line ends (RFC 4180).
    expect(res.body.startsWith('\uFEFFdate_ist,organization,')).toBe(true);
    expect(res.body.split('\r\n').length).toBeGreaterThan(2);
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(HEADERS);
    const listed = await everything('from=2026-01-01&to=2026-02-28');
    expect(lines.map((l) => l[column('entry_id')])).toEqual(listed.map((r) => r.id));
    const sent = lines.find((l) => l[column('transaction_id')] === transfer.transactionId && l[column('organization')] === 'Org R')!;
    expect(sent[column('date_ist')]).toBe('2026-01-16 01:30:00');
    expect(sent[column('type')]).toBe('TRANSFER');
    expect(sent[column('amount_rupees')]).toBe('-2500.50');
    expect(sent[column('amount_paise')]).toBe('-250050');
    expect(sent[column('balance_after_rupees')]).toBe('7499.50');
    expect(sent[column('balance_after_paise')]).toBe('749950');
    expect(sent[column('counterparty')]).toBe('Org C1');
    expect(sent[column('reference')]).toBe('Monthly float');
    expect(sent[column('created_by')]).toBe('R admin');
    expect(sent[column('wallet_id')]).toBe(wallets.R);
    expect(sent[column('organization_id')]).toBe(id('R'));
    const fix = lines.find((l) => l[column('transaction_id')] === adjust.transactionId)!;
    expect(fix[column('amount_rupees')]).toBe('12.34');
    // A reason that looks like a formula is written as text, with its comma and quotes intact.
    expect(fix[column('reason')]).toBe(`'=1+1, "typo" fix`);
    const odd = lines.find((l) => l[column('transaction_id')] === topUp.transactionId)!;
    expect([odd[column('amount_rupees')], odd[column('amount_paise')]]).toEqual(['999.99', '99999']);
    // The rupee text and the paise agree on every line, to the paisa.
    for (const l of lines) {
      const rupees = l[column('amount_rupees')]!;
      expect(rupees).toMatch(/^-?\d+\.\d{2}$/);
      expect(BigInt(rupees.replace('.', ''))).toBe(BigInt(l[column('amount_paise')]!));
    }
  });

  it('XLSX: the same entries as a workbook, paise as numbers and rupees as text', async () => {
    const res = await get(`/report/transactions/export?format=xlsx&organizationId=${id('R')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="transactions-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Transactions')!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(HEADERS);
    expect(sheet.actualRowCount).toBe(5);
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const newest = cells(2);
    expect(newest[column('type')]).toBe('DEDUCT');
    expect(newest[column('amount_rupees')]).toBe('-10.00');
    expect(newest[column('amount_paise')]).toBe(-1_000);
    expect(newest[column('balance_after_paise')]).toBe(753_950);
    expect(newest[column('reason')]).toBe('Refund by cheque');
    expect(newest[column('counterparty')]).toBe('Provider funding');
    expect(newest[column('date_ist')]).toBe('2026-02-20 14:30:00');
    const oldest = cells(5);
    expect(oldest[column('amount_rupees')]).toBe('10000.00');
    expect(oldest[column('amount_paise')]).toBe(1_000_000);
    expect(oldest[column('created_by')]).toBe('staff admin');
  });

  it('streams more entries than one read holds, each once, in order; an organisation user exports only its subtree', async () => {
    const count = EXPORT_BATCH * 2 + 17;
    await fundManyTimes(t, id('bulk'), count, 125);
    const res = await get(`/report/transactions/export?format=csv&organizationId=${id('bulk')}`);
    expect(res.statusCode).toBe(200);
    const [, ...lines] = parseCsv(res.body);
    expect(lines).toHaveLength(count);
    const ids = lines.map((l) => Number(l[column('entry_id')]));
    expect(new Set(ids).size).toBe(count);
    expect(ids.every((v, i) => i === 0 || v < ids[i - 1]!)).toBe(true);
    expect(lines.reduce((sum, l) => sum + Number(l[column('amount_paise')]), 0)).toBe(count * 125);
    expect(lines[0]![column('balance_after_paise')]).toBe(String(count * 125));
    expect(lines[0]![column('amount_rupees')]).toBe('1.25');
    const xlsx = await get(`/report/transactions/export?format=xlsx&organizationId=${id('bulk')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Transactions')!.actualRowCount).toBe(count + 1);

    const c1 = await get('/report/transactions/export?format=csv', f.actors.c1Admin.token);
    const [, ...c1Lines] = parseCsv(c1.body);
    expect(new Set(c1Lines.map((l) => l[column('organization')]))).toEqual(new Set(['Org C1', 'Org G']));
    // Exports are audited with their filters.
    const [audit] = await rows<{ after: { format: string; filter: { organizationId?: string } } }>(
      "SELECT after FROM audit_events WHERE action = 'transactions.export' AND actor_id = $1 ORDER BY seq DESC LIMIT 1",
      [f.actors.staffAdmin.userId],
    );
    expect(audit!.after).toEqual({ format: 'xlsx', filter: { organizationId: id('bulk') } });
  });
});
