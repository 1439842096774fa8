import { formatPaise } from '@tarang/shared/format/money';
import { paiseToRupeeString, rupeeStringToPaise } from '@tarang/shared/money/amount';
import type { TPayUForm } from '@tarang/shared/wallets/wallet.schemas';
import type { TDeps } from '../../app-deps';
import { AppError, fieldError } from '../../http/app-error';
import { fingerprintOf } from '../../http/idempotency';
import { requireActor, type TRequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/audit.service';
import { recordRepeatedAudit } from '../audit/audit-tallies';
import { clientKey } from '../auth/anonymous-limits';
import { PROVIDER_ACCOUNT_IDS, walletIdOf, walletNotFound } from './ledger';
import {
  auditText,
  isPayUSuccess,
  newTxnid,
  PAYU_PRODUCT_INFO,
  payuEmail,
  payuFirstName,
  payuPhone,
  payuRequestHash,
  payuResponseHash,
  sameHash,
  type TPayUResponseFields,
} from './payu';
import {
  findGatewayPayment,
  findPayer,
  insertGatewayPayment,
  markGatewayPaymentFailed,
  markGatewayPaymentPaid,
  PAYU_KEY_SCOPE,
  type TGatewayPayment,
} from './payu.repository';
import { runMoneyCall } from './wallets.service';

/**
 * Wallet top-ups through PayU's hosted checkout (issue 14). The console asks for the checkout form of an amount, posts
 * it to PayU (or the simulator), and PayU posts its answer to the callback, which credits the wallet from the
 * gateway-clearing account once per txnid (the txnid is the Idempotency-Key of the credit, in a scope of its own).
 */

/** Where PayU posts its answer, for a payment that went through (surl) and one that did not (furl) alike. */
export function payuCallbackUrl(deps: TDeps): string {
  return `${deps.config.publicUrl.replace(/\/+$/, '')}/api/v1/wallet/payU/callback`;
}

/** The smallest top-up: PayU takes no card or UPI payment under ₹1.00. */
export const MIN_TOPUP_PAISE = 100;

/** Refused callbacks are audited once per txnid (or client address) and window, then counted (audit-tallies.ts). */
const REFUSAL_WINDOW_SECONDS = 3600;

function payuCredentials(deps: TDeps): { key: string; salt: string } | null {
  const { payuKey: key, payuSalt: salt } = deps.config;
  return key && salt ? { key, salt } : null;
}

/** The start-up warnings: PayU top-ups that cannot work, and a simulator that credits wallets without payment. */
export function warnAboutPayU(deps: TDeps): void {
  const { config, logger } = deps;
  if (!payuCredentials(deps)) {
    logger.warn(
      { payuUrl: config.payuUrl },
      'NO PAYU MERCHANT KEY: TARANG_PAYU_KEY or TARANG_PAYU_SALT is not set, so wallet top-ups through PayU are refused. Set both, from the PayU dashboard.',
    );
  }
  if (config.payuSimulator && config.env === 'production') {
    logger.warn(
      { payuUrl: config.payuUrl },
      'PAYU SIMULATOR ON: /payu-simulator stands in for PayU and credits wallets without any payment. Set TARANG_PAYU_SIMULATOR=off for real money.',
    );
  }
}

/**
 * Starts a top-up of the caller's own organisation's wallet: a gateway payment (INITIATED) with a fresh txnid, and
 * the fields of PayU's checkout form, signed with the request hash. Another organisation's wallet (a child's too) is
 * a 404; staff have no wallet of their own and add money with Send Money (403).
 */
export async function startPayUTopUp(deps: TDeps, ctx: TRequestContext, body: { walletId: string; amount: number }): Promise<TPayUForm> {
  const actor = requireActor(ctx);
  if (!actor.organizationId) {
    throw new AppError('FORBIDDEN', "A PayU top-up pays into the signed-in organisation's own wallet; staff add money with Send Money");
  }
  if (body.walletId !== walletIdOf(actor.organizationId)) throw walletNotFound();
  const credentials = payuCredentials(deps);
  if (!credentials) {
    throw new AppError(
      'UNPROCESSABLE',
      'PayU top-ups are not set up on this server (TARANG_PAYU_KEY and TARANG_PAYU_SALT); ask the provider',
    );
  }
  if (body.amount < MIN_TOPUP_PAISE) {
    throw fieldError('UNPROCESSABLE', 'amount', `amount must be at least ${formatPaise(MIN_TOPUP_PAISE)} for a PayU top-up`);
  }
  const payer = await findPayer(deps.db, actor.userId);
  const email = payuEmail(payer?.email) ?? payuEmail(payer?.organizationEmail);
  if (!email) throw fieldError('UNPROCESSABLE', 'email', 'PayU needs an e-mail address: add one to your profile');
  const phone = payuPhone(payer?.phone);

  const txnid = newTxnid();
  await deps.db.transaction(async (tx) => {
    await insertGatewayPayment(tx, {
      txnid,
      accountId: body.walletId,
      organizationId: actor.organizationId!,
      amount: body.amount,
      createdBy: actor.userId,
    });
    await recordAudit(tx, ctx, {
      action: 'wallet.topup.started',
      entityType: 'wallet',
      entityId: body.walletId,
      organizationId: actor.organizationId,
      after: { gateway: 'PayU', txnid, amount: body.amount, status: 'INITIATED' },
    });
  });

  const callback = payuCallbackUrl(deps);
  const signed = {
    key: credentials.key,
    txnid,
    amount: paiseToRupeeString(body.amount),
    productinfo: PAYU_PRODUCT_INFO,
    firstname: payuFirstName(payer?.firstName ?? ''),
    email,
    udf1: body.walletId,
  };
  const fields: Record<string, string> = {
    ...signed,
    ...(phone ? { phone } : {}),
    surl: callback,
    furl: callback,
    hash: payuRequestHash(signed, credentials.salt),
  };
  return { action: deps.config.payuUrl, fields };
}

/** PayU's answer as the callback reads it: every field a string, the ones it does not send empty. */
export type TPayUCallback = TPayUResponseFields & {
  hash: string;
  mihpayid?: string;
  field9?: string;
  error_Message?: string;
};

export type TCallbackOutcome = { topup: 'success' | 'failure'; txnid: string };

type TRefusal =
  | 'payu_not_configured'
  | 'unknown_txnid'
  | 'wrong_key'
  | 'bad_hash'
  | 'amount_mismatch'
  | 'wallet_mismatch'
  | 'replay'
  | 'already_paid';

/**
 * PayU's callback. It credits only a payment that exists, under the configured key, with the reverse hash right, the
 * amount the payment was started with, and status "success" — once per txnid, however often and however
 * concurrently PayU (or anyone) posts it. Any other status marks an open payment FAILED and credits nothing. Every
 * refusal (wrong hash, other amount, unknown txnid, replay) credits nothing and is audited as wallet.topup.refused with
 * its reason. The outcome the console is sent to is the payment's own state: success once it has been credited.
 */
export async function settlePayUCallback(deps: TDeps, ctx: TRequestContext, body: TPayUCallback): Promise<TCallbackOutcome> {
  const txnid = body.txnid;
  const payment = await findGatewayPayment(deps.db, txnid);
  const outcome = (paid: boolean): TCallbackOutcome => ({ topup: paid ? 'success' : 'failure', txnid });
  const refuse = async (reason: TRefusal, about: TGatewayPayment | null): Promise<TCallbackOutcome> => {
    await recordRepeatedAudit(deps.db, ctx, {
      action: 'wallet.topup.refused',
      tallyKey: about ? `txnid:${txnid}` : `ip:${clientKey(ctx.ip)}`,
      windowSeconds: REFUSAL_WINDOW_SECONDS,
      entityType: about ? 'wallet' : 'gateway_payment',
      entityId: about?.accountId ?? null,
      organizationId: about?.organizationId ?? null,
      actorLabel: 'PayU callback',
      reason,
      after: {
        reason,
        gateway: 'PayU',
        txnid,
        status: auditText(body.status, 32),
        amount: auditText(body.amount, 32),
        mihpayid: auditText(body.mihpayid, 64),
        paymentStatus: about?.status ?? null,
      },
    });
    return outcome(about?.status === 'SUCCESS');
  };

  const credentials = payuCredentials(deps);
  if (!credentials) return await refuse('payu_not_configured', payment);
  if (!payment) return await refuse('unknown_txnid', null);
  if (body.key !== credentials.key) return await refuse('wrong_key', payment);
  if (!sameHash(body.hash, payuResponseHash(body, credentials.salt))) return await refuse('bad_hash', payment);
  if (rupeeStringToPaise(body.amount) !== payment.amount) return await refuse('amount_mismatch', payment);
  if (body.udf1 && body.udf1 !== payment.accountId) return await refuse('wallet_mismatch', payment);
  const mihpayid = auditText(body.mihpayid, 64);

  if (!isPayUSuccess(body.status)) {
    if (payment.status === 'SUCCESS') return await refuse('already_paid', payment);
    const failed = await deps.db.transaction(async (tx) => {
      const row = await markGatewayPaymentFailed(tx, txnid, mihpayid);
      if (row) {
        await recordAudit(tx, ctx, {
          action: 'wallet.topup.failed',
          entityType: 'wallet',
          entityId: payment.accountId,
          organizationId: payment.organizationId,
          before: { status: payment.status },
          after: {
            gateway: 'PayU',
            txnid,
            amount: payment.amount,
            status: 'FAILED',
            payuStatus: auditText(body.status, 32),
            mihpayid,
            message: auditText(body.error_Message || body.field9, 200),
          },
        });
      }
      return row;
    });
    return failed ? outcome(false) : await refuse('replay', (await findGatewayPayment(deps.db, txnid)) ?? payment);
  }

  if (payment.status === 'SUCCESS') return await refuse('replay', payment);
  const moved = await runMoneyCall(
    deps,
    ctx,
    {
      key: txnid,
      fingerprint: fingerprintOf({ call: 'payu', txnid, walletId: payment.accountId, amount: payment.amount }),
      action: 'wallet.topup',
      build: async (tx) => {
        // The key is claimed (this transaction holds it), so no other callback of this txnid gets here until it ends.
        const paid = await markGatewayPaymentPaid(tx, txnid, mihpayid);
        if (!paid) throw new AppError('CONFLICT', `PayU payment ${txnid} is already paid`);
        return {
          type: 'TOPUP',
          reason: mihpayid ? `PayU payment ${mihpayid}` : 'PayU payment',
          reference: txnid,
          lines: [
            { accountId: payment.accountId, amount: payment.amount },
            { accountId: PROVIDER_ACCOUNT_IDS.GATEWAY_CLEARING, amount: -payment.amount },
          ],
        };
      },
    },
    PAYU_KEY_SCOPE,
  );
  if (moved.replayed) return await refuse('replay', { ...payment, status: 'SUCCESS' });
  return outcome(true);
}
