import { createHash } from 'node:crypto';
import { scopesFrom } from '@tarang/shared/roles/auth-scopes';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { API, FIXTURE_PASSWORD, makeOrganization, makeRole, makeUser, type TTestApp, withTestApp } from '../../../test/test-app';
import { PAYU_DEVELOPMENT_KEY, PAYU_DEVELOPMENT_SALT } from '../../config';
import { sealAuditInboxNow } from '../audit/audit.service';
import { walletIdOf } from './ledger';

/**
 * PayU top-ups end to end through the API: the checkout form, the simulator's page, the callback it posts, and what
 * the ledger holds afterwards. Hashes are computed here from PayU's formulas, not with payu.ts.
 */

const { t, tokens, rows, orgs } = routeTest({
  tenancy: true,
  roles: {
    'Wallet keeper': scopesFrom({ wallet: true }),
    'No wallet': scopesFrom({ user: [] }),
  },
  users: {
    rKeeper: { email: 'r-keeper@payu.test', role: 'Wallet keeper', org: 'R' },
    c1Keeper: { email: 'c1-keeper@payu.test', role: 'Wallet keeper', org: 'C1' },
    c2Keeper: { email: 'c2-keeper@payu.test', role: 'Wallet keeper', org: 'C2' },
    gKeeper: { email: 'g-keeper@payu.test', role: 'Wallet keeper', org: 'G' },
    iKeeper: { email: 'i-keeper@payu.test', role: 'Wallet keeper', org: 'I' },
    c1Nobody: { email: 'c1-nobody@payu.test', role: 'No wallet', org: 'C1' },
  },
});

const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');
const requestHash = (f: Record<string, string>, salt = PAYU_DEVELOPMENT_SALT) =>
  sha512(
    `${f.key}|${f.txnid}|${f.amount}|${f.productinfo}|${f.firstname}|${f.email}|${f.udf1 ?? ''}|${f.udf2 ?? ''}|${f.udf3 ?? ''}|${f.udf4 ?? ''}|${f.udf5 ?? ''}||||||${salt}`,
  );
const reverseHash = (f: Record<string, string>, salt = PAYU_DEVELOPMENT_SALT) =>
  sha512(
    `${salt}|${f.status}||||||${f.udf5 ?? ''}|${f.udf4 ?? ''}|${f.udf3 ?? ''}|${f.udf2 ?? ''}|${f.udf1 ?? ''}|${f.email}|${f.firstname}|${f.productinfo}|${f.amount}|${f.txnid}|${f.key}`,
  );

const wallet = (org: string) => walletIdOf(orgs[org]!.id);
const formEncoded = { 'content-type': 'application/x-www-form-urlencoded' };

async function start(token: string, walletId: string, amount: unknown, app: TTestApp = t) {
  return await app.call({ method: 'POST', url: `${API}/wallet/payU/transaction`, token, payload: { walletId, amount } });
}

async function checkout(token: string, org: string, amount: number) {
  const res = await start(token, wallet(org), amount);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { action: string; fields: Record<string, string> };
}

async function postForm(url: string, fields: Record<string, string>, app: TTestApp = t) {
  return await app.call({
    method: 'POST',
    url: new URL(url, 'http://x').pathname,
    headers: formEncoded,
    payload: new URLSearchParams(fields).toString(),
  });
}

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code)));

/** The forms of the simulator's page: where each posts and its hidden fields. */
function formsOf(html: string): { action: string; fields: Record<string, string>; button: string }[] {
  return [...html.matchAll(/<form method="post" action="([^"]*)">(.*?)<\/form>/gs)].map((m) => ({
    action: unescapeHtml(m[1]!),
    fields: Object.fromEntries(
      [...m[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((i) => [unescapeHtml(i[1]!), unescapeHtml(i[2]!)]),
    ),
    button: unescapeHtml(m[2]!.replace(/.*<button[^>]*>(.*?)<\/button>.*/s, '$1')),
  }));
}

/** Checkout → the simulator's page → its Pay and Fail forms. */
async function simulatorForms(token: string, org: string, amount: number) {
  const form = await checkout(token, org, amount);
  const page = await postForm(form.action, form.fields);
  expect(page.statusCode, page.body).toBe(200);
  const [pay, fail] = formsOf(page.body);
  return { form, page, pay: pay!, fail: fail! };
}

async function callback(fields: Record<string, string>, action = `${API}/wallet/payU/callback`) {
  const res = await postForm(action, fields);
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location as string;
}

async function ledgerOf(org: string) {
  const [row] = await rows<{ balance: string; posted: string; topups: string }>(
    `SELECT a.balance, (SELECT coalesce(sum(amount), 0) FROM ledger_postings p WHERE p.account_id = a.id) AS posted,
       (SELECT count(*) FROM ledger_postings p WHERE p.account_id = a.id AND p.type = 'TOPUP') AS topups
     FROM ledger_accounts a WHERE a.organization_id = $1`,
    [orgs[org]!.id],
  );
  return { balance: Number(row!.balance), posted: Number(row!.posted), topups: Number(row!.topups) };
}

async function paymentOf(txnid: string) {
  const [row] = await rows<{ status: string; amount: number; gateway_payment_id: string | null; ledger_transaction_id: string | null }>(
    'SELECT status, amount, gateway_payment_id, ledger_transaction_id FROM gateway_payments WHERE txnid = $1',
    [txnid],
  );
  return row;
}

async function auditOf(txnid: string) {
  // Read the chain as the audit trail does: sealed first (top-ups write their events to the audit inbox).
  await sealAuditInboxNow(t.deps.db);
  return await rows<{ action: string; entity_id: string | null; organization_id: string | null; after: Record<string, unknown> }>(
    `SELECT action, entity_id, organization_id, after FROM audit_events WHERE action LIKE 'wallet.topup%'
       AND $1 IN (after ->> 'txnid', after ->> 'reference') ORDER BY seq`,
    [txnid],
  );
}

describe('POST /wallet/payU/transaction', () => {
  it("answers PayU's checkout form for the caller's own wallet, signed with the request hash, and records the payment", async () => {
    const res = await start(tokens.c1Keeper, wallet('C1'), 123_450);
    expect(res.statusCode, res.body).toBe(200);
    const { action, fields } = res.json().data;
    const publicUrl = t.deps.config.publicUrl;
    expect(action).toBe(`${publicUrl}/payu-simulator`);
    expect(fields).toEqual({
      key: PAYU_DEVELOPMENT_KEY,
      txnid: expect.stringMatching(/^TRG[0-9A-F]{20}$/),
      amount: '1234.50',
      productinfo: 'Tarang wallet top-up',
      firstname: 'Asha',
      email: 'c1-keeper@payu.test',
      udf1: wallet('C1'),
      surl: `${publicUrl}/api/v1/wallet/payU/callback`,
      furl: `${publicUrl}/api/v1/wallet/payU/callback`,
      hash: requestHash(fields),
    });
    expect(await paymentOf(fields.txnid)).toEqual({
      status: 'INITIATED',
      amount: 123_450,
      gateway_payment_id: null,
      ledger_transaction_id: null,
    });
    expect(await auditOf(fields.txnid)).toEqual([
      expect.objectContaining({ action: 'wallet.topup.started', entity_id: wallet('C1'), organization_id: orgs.C1!.id }),
    ]);
    // Every call is a new payment with a txnid of its own.
    const again = await checkout(tokens.c1Keeper, 'C1', 123_450);
    expect(again.fields.txnid).not.toBe(fields.txnid);
  });

  it("refuses another organisation's wallet (404, a child's too), staff (403) and a user without the wallet module (403)", async () => {
    const before = await rows('SELECT count(*)::int AS n FROM gateway_payments');
    for (const org of ['C1', 'C2', 'G', 'I']) {
      const res = await start(tokens.rKeeper, wallet(org), 10_000);
      expect(res.statusCode, `${org}: ${res.body}`).toBe(404);
      expect(res.json().message).toBe('Wallet not found');
    }
    expect((await start(tokens.gKeeper, wallet('C1'), 10_000)).statusCode).toBe(404);
    const staff = await start(tokens.staff, wallet('C1'), 10_000);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe('This is for organisation users');
    expect((await start(tokens.c1Nobody, wallet('C1'), 10_000)).statusCode).toBe(403);
    expect(await rows('SELECT count(*)::int AS n FROM gateway_payments')).toEqual(before);
  });

  it('refuses an amount that is not whole paise (422 naming amount), under ₹1.00, or a bad wallet id (400), and a form-encoded body (415)', async () => {
    for (const amount of [0, -100, 1.5, '100', 1e12 + 1, null]) {
      const res = await start(tokens.c1Keeper, wallet('C1'), amount);
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(422);
      expect(res.json().errors[0].path).toBe('amount');
    }
    const small = await start(tokens.c1Keeper, wallet('C1'), 99);
    expect(small.statusCode).toBe(422);
    expect(small.json().errors[0]).toEqual({ path: 'amount', message: 'amount must be at least ₹1.00 for a PayU top-up' });
    const badId = await start(tokens.c1Keeper, 'not-an-id', 100);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('walletId');
    const form = await t.call({
      method: 'POST',
      url: `${API}/wallet/payU/transaction`,
      token: tokens.c1Keeper,
      headers: formEncoded,
      payload: `walletId=${wallet('C1')}&amount=100`,
    });
    expect(form.statusCode).toBe(415);
  });

  it("sends a user's phone as PayU expects it, and the organisation's e-mail when the user has none", async () => {
    const role = await makeRole(t, 'Phone keeper', scopesFrom({ wallet: true }));
    await makeUser(t, { phone: '+919812345670', roleId: role.id, organizationId: orgs.C2!.id, firstName: 'Ravi|<K>' });
    const session = await t.login('+919812345670', FIXTURE_PASSWORD);
    const { fields } = await checkout(session.token, 'C2', 5_000);
    expect(fields).toMatchObject({ phone: '9812345670', email: orgs.C2!.email, firstname: 'RaviK', amount: '50.00' });
    expect(fields.hash).toBe(requestHash(fields));
  });
});

describe('the simulator and the callback', () => {
  it('pays through the simulator: the wallet is credited once from the gateway-clearing account, and the console is told', async () => {
    const before = await ledgerOf('C1');
    const { form, page, pay, fail } = await simulatorForms(tokens.c1Keeper, 'C1', 250_075);
    const txnid = form.fields.txnid!;
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain(`form-action ${new URL(t.deps.config.publicUrl).origin}`);
    expect(page.body).toContain('₹2,500.75');
    expect(page.body).toContain(txnid);
    expect(page.body).not.toMatch(/<script|<link|src=/);
    expect(pay.action).toBe(form.fields.surl);
    expect(fail.action).toBe(form.fields.furl);
    expect(pay.button).toBe('Pay ₹2,500.75');
    expect(pay.fields).toMatchObject({ status: 'success', txnid, amount: '2500.75', key: PAYU_DEVELOPMENT_KEY, udf1: wallet('C1') });
    expect(pay.fields.mihpayid).toMatch(/^\d{15}$/);
    expect(pay.fields.hash).toBe(reverseHash(pay.fields));
    expect(fail.fields).toMatchObject({ status: 'failure', txnid });
    expect(fail.fields.hash).toBe(reverseHash(fail.fields));

    expect(await callback(pay.fields, pay.action)).toBe(`/wallet?topup=success&txnid=${txnid}`);
    const after = await ledgerOf('C1');
    expect(after).toEqual({ balance: before.balance + 250_075, posted: before.posted + 250_075, topups: before.topups + 1 });
    const payment = await paymentOf(txnid);
    expect(payment).toMatchObject({ status: 'SUCCESS', gateway_payment_id: pay.fields.mihpayid });
    // (sum() of bigint is numeric, read as text; a bigint column is read as a number.)
    const [tx] = await rows<{ id: string; type: string; reference: string; sum: string; clearing: number }>(
      `SELECT t.id, t.type, t.reference, (SELECT sum(amount) FROM ledger_postings p WHERE p.transaction_id = t.id) AS sum,
         (SELECT p.amount FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
           WHERE p.transaction_id = t.id AND a.kind = 'GATEWAY_CLEARING') AS clearing
       FROM ledger_transactions t WHERE t.reference = $1`,
      [txnid],
    );
    expect(tx).toMatchObject({ type: 'TOPUP', reference: txnid, sum: '0', clearing: -250_075 });
    expect(payment!.ledger_transaction_id).toBe(tx!.id);
    expect((await auditOf(txnid)).map((e) => e.action)).toEqual(['wallet.topup.started', 'wallet.topup']);

    // The same answer again (a browser resubmitting, a replay): nothing more, audited; the console still hears success.
    expect(await callback(pay.fields)).toBe(`/wallet?topup=success&txnid=${txnid}`);
    // A failure answer after the payment: nothing changes either.
    expect(await callback(fail.fields)).toBe(`/wallet?topup=success&txnid=${txnid}`);
    expect(await ledgerOf('C1')).toEqual(after);
    expect((await paymentOf(txnid))!.status).toBe('SUCCESS');
    const refusals = (await auditOf(txnid)).filter((e) => e.action === 'wallet.topup.refused');
    expect(refusals.map((e) => e.after.reason)).toEqual(['replay']);
    const [tally] = await rows<{ attempts: number; reasons: Record<string, number> }>(
      "SELECT attempts, reasons FROM audit_tallies WHERE action = 'wallet.topup.refused' AND tally_key = $1",
      [`txnid:${txnid}`],
    );
    expect(tally).toMatchObject({ attempts: 2, reasons: { replay: 1, already_paid: 1 } });
  });

  it('a failure answer credits nothing and marks the payment failed; a later success of the same txnid (a retry at PayU) credits', async () => {
    const before = await ledgerOf('C2');
    const { form, fail, pay } = await simulatorForms(tokens.c2Keeper, 'C2', 10_000);
    const txnid = form.fields.txnid!;
    expect(await callback(fail.fields, fail.action)).toBe(`/wallet?topup=failure&txnid=${txnid}`);
    expect(await ledgerOf('C2')).toEqual(before);
    expect(await paymentOf(txnid)).toMatchObject({ status: 'FAILED', ledger_transaction_id: null });
    expect((await auditOf(txnid)).map((e) => e.action)).toEqual(['wallet.topup.started', 'wallet.topup.failed']);
    // The same failure again changes nothing and is a refused replay.
    expect(await callback(fail.fields)).toBe(`/wallet?topup=failure&txnid=${txnid}`);
    expect((await auditOf(txnid)).at(-1)).toMatchObject({ action: 'wallet.topup.refused', after: { reason: 'replay' } });

    expect(await callback(pay.fields)).toBe(`/wallet?topup=success&txnid=${txnid}`);
    expect(await ledgerOf('C2')).toMatchObject({ balance: before.balance + 10_000, topups: before.topups + 1 });
    expect((await paymentOf(txnid))!.status).toBe('SUCCESS');
  });

  it('refuses a tampered amount or hash, another key, an unknown txnid or another wallet: nothing is credited, each refusal audited', async () => {
    const before = await ledgerOf('I');
    const { form, pay } = await simulatorForms(tokens.iKeeper, 'I', 50_000);
    const txnid = form.fields.txnid!;
    const resigned = (f: Record<string, string>) => ({ ...f, hash: reverseHash(f) });

    const tampered = [
      { fields: { ...pay.fields, amount: '5000.00' }, reason: 'bad_hash' },
      { fields: { ...pay.fields, hash: pay.fields.hash!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }, reason: 'bad_hash' },
      { fields: { ...pay.fields, hash: '' }, reason: 'bad_hash' },
      // Signed with the salt, yet not what the payment was started with.
      { fields: resigned({ ...pay.fields, amount: '5000.00' }), reason: 'amount_mismatch' },
      { fields: resigned({ ...pay.fields, amount: '500.01' }), reason: 'amount_mismatch' },
      { fields: resigned({ ...pay.fields, udf1: wallet('R') }), reason: 'wallet_mismatch' },
      { fields: { ...pay.fields, key: 'OTHER', hash: reverseHash({ ...pay.fields, key: 'OTHER' }) }, reason: 'wrong_key' },
      { fields: { ...pay.fields, hash: reverseHash(pay.fields, 'a guessed salt') }, reason: 'bad_hash' },
    ];
    for (const { fields } of tampered) expect(await callback(fields)).toBe(`/wallet?topup=failure&txnid=${txnid}`);
    expect(await ledgerOf('I')).toEqual(before);
    expect((await paymentOf(txnid))!.status).toBe('INITIATED');
    // The first refusal of the window is an audit event of its own; the rest are counted under it, by reason.
    const refused = (await auditOf(txnid)).filter((e) => e.action === 'wallet.topup.refused');
    expect(refused).toEqual([
      expect.objectContaining({
        entity_id: wallet('I'),
        organization_id: orgs.I!.id,
        after: expect.objectContaining({ reason: 'bad_hash' }),
      }),
    ]);
    const [tally] = await rows<{ attempts: number; reasons: Record<string, number> }>(
      "SELECT attempts, reasons FROM audit_tallies WHERE action = 'wallet.topup.refused' AND tally_key = $1",
      [`txnid:${txnid}`],
    );
    expect(tally).toMatchObject({ attempts: 8, reasons: { bad_hash: 4, amount_mismatch: 2, wallet_mismatch: 1, wrong_key: 1 } });

    // A well-signed answer for a txnid this server never made.
    const stranger = resigned({ ...pay.fields, txnid: 'TRG00000000000000000000' });
    expect(await callback(stranger)).toBe('/wallet?topup=failure&txnid=TRG00000000000000000000');
    const [unknown] = await rows<{ entity_type: string; after: Record<string, unknown> }>(
      "SELECT entity_type, after FROM audit_events WHERE action = 'wallet.topup.refused' AND after ->> 'txnid' = 'TRG00000000000000000000'",
    );
    expect(unknown).toMatchObject({ entity_type: 'gateway_payment', after: { reason: 'unknown_txnid' } });
    expect(await ledgerOf('I')).toEqual(before);

    // The untouched answer still pays.
    expect(await callback(pay.fields)).toBe(`/wallet?topup=success&txnid=${txnid}`);
    expect(await ledgerOf('I')).toMatchObject({ balance: before.balance + 50_000 });
  });

  it('credits once when the same answer arrives many times at once', async () => {
    const before = await ledgerOf('G');
    const { form, pay } = await simulatorForms(tokens.gKeeper, 'G', 77_777);
    const txnid = form.fields.txnid!;
    const answers = await Promise.all(Array.from({ length: 12 }, () => postForm(pay.action, pay.fields)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe(`/wallet?topup=success&txnid=${txnid}`);
    }
    expect(await ledgerOf('G')).toEqual({ balance: before.balance + 77_777, posted: before.posted + 77_777, topups: before.topups + 1 });
    expect(await rows('SELECT id FROM ledger_transactions WHERE reference = $1', [txnid])).toHaveLength(1);
    const [tally] = await rows<{ attempts: number }>(
      "SELECT attempts FROM audit_tallies WHERE action = 'wallet.topup.refused' AND tally_key = $1",
      [`txnid:${txnid}`],
    );
    expect(tally!.attempts).toBe(11);
  });

  it('refuses a callback without the fields PayU always sends (400 naming the field), and a field sent twice', async () => {
    const { pay } = await simulatorForms(tokens.c1Keeper, 'C1', 1_000);
    const { hash: _hash, ...noHash } = pay.fields;
    const res = await postForm(pay.action, noHash);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('hash');
    const twice = await t.call({
      method: 'POST',
      url: `${API}/wallet/payU/callback`,
      headers: formEncoded,
      payload: `${new URLSearchParams(pay.fields).toString()}&amount=1.00`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/amount/);
    expect((await paymentOf(pay.fields.txnid!))!.status).toBe('INITIATED');
  });

  it('the simulator checks the form as PayU does and escapes what it shows', async () => {
    const { form } = await simulatorForms(tokens.c1Keeper, 'C1', 1_000);
    const wrongHash = await postForm(form.action, { ...form.fields, amount: '10000.00' });
    expect(wrongHash.statusCode).toBe(400);
    expect(wrongHash.body).toContain('incorrectly calculated hash');
    expect(formsOf(wrongHash.body)).toEqual([]);
    const wrongKey = await postForm(form.action, { ...form.fields, key: 'OTHER', hash: requestHash({ ...form.fields, key: 'OTHER' }) });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.body).toContain('Unknown merchant key');
    const { hash: _h, ...noHash } = form.fields;
    expect((await postForm(form.action, noHash)).statusCode).toBe(400);

    const hostile = { ...form.fields, productinfo: '<script>alert("x")</script>', firstname: '"><img src=x>' };
    const page = await postForm(form.action, { ...hostile, hash: requestHash(hostile) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    const [pay] = formsOf(page.body);
    expect(pay!.fields.productinfo).toBe(hostile.productinfo);
    expect(pay!.fields.hash).toBe(reverseHash(pay!.fields));
  });
});

describe('configuration', () => {
  async function orgKeeper(app: TTestApp) {
    const org = await makeOrganization(app, 'Config Co');
    const role = await makeRole(app, 'Keeper', scopesFrom({ wallet: true }));
    await makeUser(app, { email: 'keeper@config.test', roleId: role.id, organizationId: org.id });
    return { org, token: (await app.login('keeper@config.test', FIXTURE_PASSWORD)).token };
  }

  it('without the simulator, /payu-simulator does not exist and the form goes to the configured gateway', async () => {
    await withTestApp({ payuSimulator: false, payuUrl: 'https://test.payu.in/_payment' }, async (app) => {
      const res = await app.call({ method: 'POST', url: '/payu-simulator', headers: formEncoded, payload: 'key=x' });
      expect(res.statusCode).toBe(404);
      const { token, org } = await orgKeeper(app);
      const form = await start(token, walletIdOf(org.id), 1_000, app);
      expect(form.statusCode, form.body).toBe(200);
      expect(form.json().data.action).toBe('https://test.payu.in/_payment');
    });
  });

  it('in production without a merchant key and salt: top-ups are refused (422) and start-up warns', async () => {
    await withTestApp({ env: 'production', payuSimulator: false, payuKey: null, payuSalt: null }, async (app) => {
      expect(app.logText()).toContain('NO PAYU MERCHANT KEY');
      const { token, org } = await orgKeeper(app);
      const res = await start(token, walletIdOf(org.id), 1_000, app);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/TARANG_PAYU_KEY and TARANG_PAYU_SALT/);
      expect((await app.database.pool.query('SELECT count(*)::int AS n FROM gateway_payments')).rows[0].n).toBe(0);
    });
  });
});
