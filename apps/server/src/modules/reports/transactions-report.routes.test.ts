import { beforeAll, describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API } from '../../../test/test-app';
import { fundManyTimes, fundWallet, postTestMovement, type TTestPosted, walletIdOfOrg } from '../wallets/wallet-entries-test-kit';
import { everyReportRow, readReportCsv, readReportXlsx } from './reports-test-kit';
import { transactionsSource } from './sources/transactions.source';

const { t, f, tokens, orgs, rows } = routeTest({ tenancy: true, organizations: { bulk: 'Bulk Meters' } });

/** A row of the transactions report: one value per declared column. */
type TRow = {
  entryId: string;
  transactionId: string;
  walletId: string;
  organization: string;
  organizationId: string;
  type: string;
  amount: number;
  balanceAfter: number;
  counterparty: string | null;
  reference: string | null;
  reason: string | null;
  createdBy: string | null;
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
const everything = (query: string, token = tokens.staff): Promise<TRow[]> => everyReportRow<TRow>(t, 'transactions', query, token);

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
      entryId: opening.postingIds[0],
      transactionId: opening.transactionId,
      walletId: wallets.R,
      organization: 'Org R',
      organizationId: id('R'),
      type: 'ADD',
      amount: 1_000_000,
      balanceAfter: 1_000_000,
      counterparty: 'Provider funding',
      reference: null,
      reason: 'Opening balance',
      createdBy: 'staff admin',
      createdAt: '2026-01-10T10:00:00.000Z',
    });
    expect(sent).toMatchObject({
      transactionId: transfer.transactionId,
      reference: 'Monthly float',
      counterparty: 'Org C1',
      createdBy: 'R admin',
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
      all.find((r) => r.transactionId === posted.transactionId && r.organizationId === id(org))!;
    // G paid ₹300: the provider's ₹200 is the largest credit, not the resellers' ₹50 margins.
    expect(of(capture, 'G').counterparty).toBe('Provider revenue');
    expect(of(capture, 'C1').counterparty).toBe('Org G');
    expect(of(capture, 'R').counterparty).toBe('Org G');
    expect(of(transfer, 'C1').counterparty).toBe('Org R');
    expect(of(adjust, 'C2').counterparty).toBe('Adjustments');
    expect(of(topUp, 'I').counterparty).toBe('Payment gateway');
    expect(of(opening, 'R').counterparty).toBe('Provider funding');
    // Only wallets' postings: the provider's accounts never show as an entry.
    expect(all.every((r) => r.organizationId && r.walletId)).toBe(true);
    expect(all.filter((r) => r.transactionId === capture.transactionId)).toHaveLength(3);
  });

  it('pages with a cursor: every entry once, newest first, and no cursor after the last page', async () => {
    const first = await report(`organizationId=${id('C2')}&limit=3`);
    expect(first.meta).toEqual({ limit: 3, nextCursor: expect.any(String) });
    const second = await report(`organizationId=${id('C2')}&limit=3&cursor=${first.meta.nextCursor}`);
    const third = await report(`organizationId=${id('C2')}&limit=3&cursor=${second.meta.nextCursor}`);
    expect(third.meta.nextCursor).toBeNull();
    const ids = [...first.data, ...second.data, ...third.data].map((r) => r.entryId);
    const expected = [...c2Adds.map((p) => p.postingIds[0]!).reverse(), adjust.postingIds[0]!];
    expect(ids).toEqual(expected);
    expect([first.data.length, second.data.length, third.data.length]).toEqual([3, 3, 2]);
    // A page read again with the same cursor answers the same rows.
    const again = await report(`organizationId=${id('C2')}&limit=3&cursor=${first.meta.nextCursor}`);
    expect(again.data.map((r) => r.entryId)).toEqual(second.data.map((r) => r.entryId));
  });

  it('filters by type, wallet, organisation (exactly its wallet) and India days', async () => {
    const transfers = await everything('type=TRANSFER');
    expect(transfers.map((r) => [r.organization, r.amount])).toEqual([
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
    expect(new Set(r.map((x) => x.organizationId))).toEqual(new Set([id('R')]));
    // The transfer was posted on the 16th in India (20:00 UTC on the 15th).
    const on16th = await everything('from=2026-01-16&to=2026-01-16');
    expect(on16th.map((x) => x.transactionId)).toEqual([transfer.transactionId, transfer.transactionId]);
    expect(await everything('from=2026-01-15&to=2026-01-15')).toEqual([]);
    const fromFeb = await everything(`organizationId=${id('R')}&from=2026-02-01`);
    expect(fromFeb.map((x) => x.type)).toEqual(['DEDUCT', 'CAPTURE']);
    const toJan = await everything(`organizationId=${id('R')}&to=2026-01-31`);
    expect(toJan.map((x) => x.type)).toEqual(['TRANSFER', 'ADD']);
    // A report's days are calendar days: a date-time is refused, naming the field.
    expect((await get(`/report/transactions?from=2026-01-15T20:00:00Z`)).json().errors[0].path).toBe('querystring.from');
    const combined = await everything(`walletId=${wallets.C1}&type=CAPTURE&from=2026-02-05`);
    expect(combined.map((x) => x.transactionId)).toEqual([capture.transactionId]);
  });

  it('shows an organisation user its own subtree only; a wallet or organisation outside it is a 404', async () => {
    const seen = await everything('from=2026-01-01&to=2026-03-31', tokens.staff);
    const c1View = await everything('from=2026-01-01&to=2026-03-31', f.actors.c1Admin.token);
    expect(new Set(c1View.map((r) => r.organization))).toEqual(new Set(['Org C1', 'Org G']));
    expect(c1View.map((r) => r.entryId)).toEqual(seen.filter((r) => ['Org C1', 'Org G'].includes(r.organization)).map((r) => r.entryId));
    const rView = await everything('from=2026-01-01&to=2026-03-31', f.actors.rAdmin.token);
    expect(new Set(rView.map((r) => r.organization))).toEqual(new Set(['Org R', 'Org C1', 'Org C2', 'Org G']));
    // The parent that sent C1 money is named (its ids stay outside C1's reach: no column holds them).
    const fromParent = c1View.find((r) => r.transactionId === transfer.transactionId)!;
    expect(fromParent.counterparty).toBe('Org R');
    expect(JSON.stringify(fromParent)).not.toContain(wallets.R!);
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
    type TEntry = { id: string; amount: number; balanceAfter: number; counterparty: { label: string } | null };
    expect(statement.json().data.map((e: TEntry) => [e.id, e.amount, e.balanceAfter, e.counterparty?.label ?? null])).toEqual(
      report.map((e) => [e.entryId, e.amount, e.balanceAfter, e.counterparty]),
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
      ['format=csv&lang=fr', 'querystring.lang'],
    ] as const) {
      const res = await get(`/report/transactions/export?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().errors[0].path, query).toContain(path);
    }
  });
});

const HEADERS = [
  'Date (IST)',
  'Organisation',
  'Type',
  'Amount (₹)',
  'Amount (paise)',
  'Balance after (₹)',
  'Balance after (paise)',
  'Counterparty',
  'Reference',
  'Reason',
  'By',
  'Entry id',
  'Transaction id',
  'Wallet id',
  'Organisation id',
];
const column = (name: string) => HEADERS.indexOf(name);

describe('GET /report/transactions/export', () => {
  it('CSV: every matching entry, rupees with two decimals and paise, dates in India time, free text made safe', async () => {
    const res = await get(`/report/transactions/export?format=csv&from=2026-01-01&to=2026-02-28`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    // A byte-order mark, so that a spreadsheet reads the names as UTF-8, and CRLF line ends (RFC 4180).
    expect(res.body.startsWith('\uFEFFReport,Transactions\r\n')).toBe(true);
    const { about, header, lines } = readReportCsv(res.body);
    // The file says what it is: the report, its rows, when, by whom, and the filters given.
    expect(about.get('Report')).toBe('Transactions');
    expect(about.get('Rows')).toBe('One row per wallet entry, newest first');
    expect(about.get('Exported at (IST)')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(about.get('Exported by')).toBeTruthy();
    expect(about.get('Filter: From')).toBe('2026-01-01');
    expect(about.get('Filter: To')).toBe('2026-02-28');
    expect(header).toEqual(HEADERS);
    const listed = await everything('from=2026-01-01&to=2026-02-28');
    expect(lines.map((l) => l[column('Entry id')])).toEqual(listed.map((r) => r.entryId));
    const sent = lines.find((l) => l[column('Transaction id')] === transfer.transactionId && l[column('Organisation')] === 'Org R')!;
    expect(sent[column('Date (IST)')]).toBe('2026-01-16 01:30:00');
    expect(sent[column('Type')]).toBe('TRANSFER');
    expect(sent[column('Amount (₹)')]).toBe('-2500.50');
    expect(sent[column('Amount (paise)')]).toBe('-250050');
    expect(sent[column('Balance after (₹)')]).toBe('7499.50');
    expect(sent[column('Balance after (paise)')]).toBe('749950');
    expect(sent[column('Counterparty')]).toBe('Org C1');
    expect(sent[column('Reference')]).toBe('Monthly float');
    expect(sent[column('By')]).toBe('R admin');
    expect(sent[column('Wallet id')]).toBe(wallets.R);
    expect(sent[column('Organisation id')]).toBe(id('R'));
    const fix = lines.find((l) => l[column('Transaction id')] === adjust.transactionId)!;
    expect(fix[column('Amount (₹)')]).toBe('12.34');
    // A reason that looks like a formula is written as text, with its comma and quotes intact.
    expect(fix[column('Reason')]).toBe(`'=1+1, "typo" fix`);
    const odd = lines.find((l) => l[column('Transaction id')] === topUp.transactionId)!;
    expect([odd[column('Amount (₹)')], odd[column('Amount (paise)')]]).toEqual(['999.99', '99999']);
    // The rupee text and the paise agree on every line, to the paisa.
    for (const l of lines) {
      const rupees = l[column('Amount (₹)')]!;
      expect(rupees).toMatch(/^-?\d+\.\d{2}$/);
      expect(BigInt(rupees.replace('.', ''))).toBe(BigInt(l[column('Amount (paise)')]!));
    }
  });

  it('XLSX: the same entries as a workbook, paise as numbers and rupees as text, the description on its own sheet; headers in Hindi', async () => {
    const res = await get(`/report/transactions/export?format=xlsx&organizationId=${id('R')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="transactions-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const file = await readReportXlsx(res.rawPayload, 'Transactions');
    expect(file.header).toEqual(HEADERS);
    expect(file.cells).toHaveLength(4);
    expect(file.about.get('Filter: Organisation')).toBe(`Org R (${id('R')})`);
    const newest = file.cells[0]!;
    expect(newest[column('Type')]).toBe('DEDUCT');
    expect(newest[column('Amount (₹)')]).toBe('-10.00');
    expect(newest[column('Amount (paise)')]).toBe(-1_000);
    expect(newest[column('Balance after (paise)')]).toBe(753_950);
    expect(newest[column('Reason')]).toBe('Refund by cheque');
    expect(newest[column('Counterparty')]).toBe('Provider funding');
    expect(newest[column('Date (IST)')]).toBe('2026-02-20 14:30:00');
    const oldest = file.cells[3]!;
    expect(oldest[column('Amount (₹)')]).toBe('10000.00');
    expect(oldest[column('Amount (paise)')]).toBe(1_000_000);
    expect(oldest[column('By')]).toBe('staff admin');

    const hindi = await readReportXlsx(
      (await get(`/report/transactions/export?format=xlsx&lang=hi&organizationId=${id('R')}`)).rawPayload,
      'Transactions',
    );
    expect(hindi.header.slice(0, 5)).toEqual(['तारीख (IST)', 'संगठन', 'प्रकार', 'राशि (₹)', 'राशि (पैसे)']);
    expect(hindi.about.get('रिपोर्ट')).toBe('लेन-देन');
    expect(hindi.cells).toEqual(file.cells);
  });

  it('streams more entries than one read holds, each once, in order; an organisation user exports only its subtree', async () => {
    const count = transactionsSource.exportBatch! * 2 + 17;
    await fundManyTimes(t, id('bulk'), count, 125);
    const res = await get(`/report/transactions/export?format=csv&organizationId=${id('bulk')}`);
    expect(res.statusCode).toBe(200);
    const { lines } = readReportCsv(res.body);
    expect(lines).toHaveLength(count);
    const ids = lines.map((l) => Number(l[column('Entry id')]));
    expect(new Set(ids).size).toBe(count);
    expect(ids.every((v, i) => i === 0 || v < ids[i - 1]!)).toBe(true);
    expect(lines.reduce((sum, l) => sum + Number(l[column('Amount (paise)')]), 0)).toBe(count * 125);
    expect(lines[0]![column('Balance after (paise)')]).toBe(String(count * 125));
    expect(lines[0]![column('Amount (₹)')]).toBe('1.25');
    const xlsx = await get(`/report/transactions/export?format=xlsx&organizationId=${id('bulk')}`);
    expect((await readReportXlsx(xlsx.rawPayload, 'Transactions')).cells).toHaveLength(count);

    const c1 = await get('/report/transactions/export?format=csv', f.actors.c1Admin.token);
    const { lines: c1Lines } = readReportCsv(c1.body);
    expect(new Set(c1Lines.map((l) => l[column('Organisation')]))).toEqual(new Set(['Org C1', 'Org G']));
    // Exports are audited with their filters.
    const [audit] = await rows<{ entity_id: string; after: { format: string; filter: { organizationId?: string } } }>(
      "SELECT entity_id, after FROM audit_events WHERE action = 'report.export' AND actor_id = $1 ORDER BY seq DESC LIMIT 1",
      [f.actors.staffAdmin.userId],
    );
    expect(audit!.entity_id).toBe('transactions');
    expect(audit!.after).toEqual({ format: 'xlsx', lang: 'en', filter: { organizationId: id('bulk') } });
  });
});
