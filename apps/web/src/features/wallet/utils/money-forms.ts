import { formatPaise } from '@tarang/shared/format/money';
import { MAX_AMOUNT_PAISE } from '@tarang/shared/money/amount';
import { ZWalletAmountBody } from '@tarang/shared/wallets/wallet.schemas';
import { z } from 'zod';
import { ZPaiseInput } from '@/components/form/fields/money';

export const AMOUNT_REQUIRED = 'Enter an amount';
export const AMOUNT_ZERO = 'The amount must be more than ₹0.00';
export const AMOUNT_TOO_LARGE = `The amount must be at most ${formatPaise(MAX_AMOUNT_PAISE)}`;
export const NOTE_TOO_LONG = 'note must be at most 500 characters';

/** An amount typed in rupees, as the integer paise the API moves: more than 0 and at most 10^12 (the API's rule). */
const ZAmount = ZPaiseInput.superRefine((value, ctx) => {
  if (value === null) ctx.addIssue({ code: 'custom', message: AMOUNT_REQUIRED });
  else if (value === 0) ctx.addIssue({ code: 'custom', message: AMOUNT_ZERO });
  else if (value > MAX_AMOUNT_PAISE) ctx.addIssue({ code: 'custom', message: AMOUNT_TOO_LARGE });
}).transform((value) => value as number);

/** Send Money and Debit Money: an amount and the reason (the API's own rule for it). */
export const ZAmountForm = z.object({ amount: ZAmount, reason: ZWalletAmountBody.shape.reason });

/** Adjust Wallet: credit (+) or debit (−), the amount, the reason; `amount` of the body is signed. */
export const ZAdjustForm = z
  .object({ direction: z.enum(['credit', 'debit']), amount: ZAmount, reason: ZWalletAmountBody.shape.reason })
  .transform(({ direction, amount, reason }) => ({ amount: direction === 'debit' ? -amount : amount, reason }));

/** A transfer between a parent and its child: the amount and an optional note. */
export const ZTransferForm = z.object({
  amount: ZAmount,
  note: z
    .string()
    .trim()
    .max(500, NOTE_TOO_LONG)
    .transform((note) => note || undefined),
});

/** A top-up through the payment gateway: the amount. */
export const ZTopUpForm = z.object({ amount: ZAmount });
