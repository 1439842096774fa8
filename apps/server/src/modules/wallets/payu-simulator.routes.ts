import { formatPaise } from '@tarang/shared/format/money';
import { rupeeStringToPaise } from '@tarang/shared/money/amount';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TDeps } from '../../app-deps';
import { escapeHtml, newMihpayid, originOf, payuRequestHash, payuResponseHash, sameHash, type TPayURequestFields } from './payu';
import { acceptFormBodies } from './payu.routes';

/**
 * The PayU simulator (issue 14): stands in for PayU's hosted checkout (`POST https://test.payu.in/_payment`) where
 * the configuration turns it on (TARANG_PAYU_SIMULATOR; on by default outside production). The console's checkout form
 * lands on `POST /payu-simulator`; the simulator checks it as PayU does (merchant key, request hash) and shows a page
 * with the amount, the txnid and two buttons: Pay posts PayU's success answer to the form's surl, Fail its failure
 * answer to furl, each with a mihpayid and the reverse hash made with the configured salt. No money moves here: what
 * the callback credits is what the simulator says was paid. Plain server-rendered HTML, no script, no external asset.
 * When the simulator is off the route does not exist (404).
 */

const REQUIRED = ['key', 'txnid', 'amount', 'productinfo', 'firstname', 'email', 'surl', 'furl', 'hash'] as const;
const ECHOED = ['phone', 'udf1', 'udf2', 'udf3', 'udf4', 'udf5'] as const;

type TCheckout = TPayURequestFields & { surl: string; furl: string; phone: string; hash: string };

const STYLE = `
body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1b1f24; margin: 0; padding: 2rem 1rem; }
main { max-width: 32rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem 2rem; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
h1 { font-size: 1.35rem; margin: 0 0 .25rem; }
p.note { color: #4a5560; margin: 0 0 1.25rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; margin: 0 0 1.5rem; }
dt { color: #4a5560; } dd { margin: 0; overflow-wrap: anywhere; }
.amount { font-size: 1.5rem; font-weight: 600; }
.actions { display: flex; gap: 1rem; } form { margin: 0; }
button { font: inherit; padding: .6rem 1.4rem; border-radius: 6px; border: 1px solid transparent; cursor: pointer; }
button.pay { background: #1b5e20; color: #fff; } button.fail { background: #fff; color: #b71c1c; border-color: #b71c1c; }
.error { color: #b71c1c; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function send(reply: FastifyReply, status: number, html: string, formAction: string[] = []) {
  const actions = formAction.length ? formAction.join(' ') : "'none'";
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${actions}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(html);
}

function refused(reply: FastifyReply, reason: string) {
  return send(
    reply,
    400,
    page(
      'PayU simulator: payment refused',
      `<h1>Payment refused</h1><p class="error">${escapeHtml(reason)}</p><p class="note">PayU simulator: nothing was paid.</p>`,
    ),
  );
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/** "2026-05-14 10:32:07" in India time, as PayU writes `addedon`. */
function addedOn(now = new Date()): string {
  const india = new Date(now.getTime() + 330 * 60_000);
  return india.toISOString().slice(0, 19).replace('T', ' ');
}

/** PayU's answer to a checkout, as the simulator posts it back: `success` to surl, `failure` to furl. */
export function simulatedAnswer(checkout: TCheckout, outcome: 'success' | 'failure', salt: string, mihpayid: string) {
  const { key, txnid, amount, productinfo, firstname, email, phone } = checkout;
  const udf = {
    udf1: checkout.udf1 ?? '',
    udf2: checkout.udf2 ?? '',
    udf3: checkout.udf3 ?? '',
    udf4: checkout.udf4 ?? '',
    udf5: checkout.udf5 ?? '',
  };
  const paid = outcome === 'success';
  const signed = { key, txnid, amount, productinfo, firstname, email, ...udf, status: outcome };
  return {
    mihpayid,
    mode: 'CC',
    status: outcome,
    unmappedstatus: paid ? 'captured' : 'failed',
    key,
    txnid,
    amount,
    addedon: addedOn(),
    productinfo,
    firstname,
    email,
    phone,
    ...udf,
    field9: paid ? 'Transaction completed successfully (PayU simulator)' : 'Declined in the PayU simulator',
    error: paid ? 'E000' : 'E308',
    error_Message: paid ? 'No Error' : 'Declined in the PayU simulator',
    PG_TYPE: 'SIMULATOR',
    bank_ref_num: mihpayid.split('').reverse().join(''),
    bankcode: 'SIM',
    hash: payuResponseHash(signed, salt),
  };
}

export function payuSimulatorRoutes(app: FastifyInstance, deps: TDeps) {
  if (!deps.config.payuSimulator) return;

  app.register(async (scope) => {
    acceptFormBodies(scope);
    // Not part of the API: left out of the OpenAPI document.
    scope.post('/payu-simulator', { schema: { hide: true } }, async (request, reply) => {
      const { payuKey: key, payuSalt: salt } = deps.config;
      if (!key || !salt) return refused(reply, 'The simulator has no merchant key and salt (TARANG_PAYU_KEY, TARANG_PAYU_SALT).');
      const posted = request.body;
      if (!posted || typeof posted !== 'object' || Array.isArray(posted)) return refused(reply, 'Post the checkout form.');
      const form = posted as Record<string, unknown>;
      const value = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
      const missing = REQUIRED.filter((name) => !value(name));
      if (missing.length) return refused(reply, `Missing field: ${missing.join(', ')}.`);
      const checkout = Object.fromEntries([...REQUIRED, ...ECHOED].map((name) => [name, value(name)])) as TCheckout;

      if (checkout.key !== key) return refused(reply, 'Unknown merchant key.');
      if (!sameHash(checkout.hash, payuRequestHash(checkout, salt))) {
        return refused(reply, 'Transaction failed due to incorrectly calculated hash parameter.');
      }
      const paise = rupeeStringToPaise(checkout.amount);
      if (paise === null || paise <= 0) return refused(reply, 'Invalid amount.');
      const surl = originOf(checkout.surl);
      const furl = originOf(checkout.furl);
      if (!surl || !furl) return refused(reply, 'surl and furl must be http(s) URLs.');

      const mihpayid = newMihpayid();
      const success = simulatedAnswer(checkout, 'success', salt, mihpayid);
      const failure = simulatedAnswer(checkout, 'failure', salt, mihpayid);
      const html = page(
        'PayU simulator',
        `<h1>PayU simulator</h1>
<p class="note">This page stands in for PayU: no money moves. Pay tells the merchant the payment went through; Fail that it was declined.</p>
<dl>
<dt>Amount</dt><dd class="amount">${escapeHtml(formatPaise(paise))}</dd>
<dt>Transaction</dt><dd>${escapeHtml(checkout.txnid)}</dd>
<dt>For</dt><dd>${escapeHtml(checkout.productinfo)}</dd>
<dt>Name</dt><dd>${escapeHtml(checkout.firstname)}</dd>
<dt>E-mail</dt><dd>${escapeHtml(checkout.email)}</dd>
</dl>
<div class="actions">
<form method="post" action="${escapeHtml(checkout.surl)}">${hidden(success)}<button type="submit" class="pay">Pay ${escapeHtml(formatPaise(paise))}</button></form>
<form method="post" action="${escapeHtml(checkout.furl)}">${hidden(failure)}<button type="submit" class="fail">Fail</button></form>
</div>`,
      );
      return send(reply, 200, html, [...new Set([surl, furl])]);
    });
  });
}
