import { AMOUNT_INVALID } from '@/components/form/fields/money';
import { createMessages } from '@/lib/i18n/server-messages';
import { AMOUNT_REQUIRED, AMOUNT_TOO_LARGE, AMOUNT_ZERO, NOTE_TOO_LONG } from './money-forms';

/**
 * What the server and the shared schemas say about wallets and money, by their English text, so a Hindi reader sees
 * them in Hindi. English shows the server's words as they are.
 */
export const useWalletMessages = createMessages('wallet', {
  texts: {
    'Money added': 'added',
    'Money debited': 'debited',
    'Wallet adjusted': 'adjusted',
    'Money transferred': 'transferred',
    'Already done with this Idempotency-Key': 'replayed',
    'Wallet not found': 'notFound',
    'A transfer to a child needs Send Money': 'transferNeedsSendMoney',
    'Taking money back from a child needs Debit Money': 'takeBackNeedsDebitMoney',
    'organization is not the organisation of this wallet': 'organizationMismatch',
    'A call with this Idempotency-Key is being made; try again': 'keyBusy',
    'This Idempotency-Key was already used with another request body': 'keyReused',
    'Already used with another request body': 'keyReused',
    'reason is required': 'reasonRequired',
    'reason must be at most 500 characters': 'reasonTooLong',
    [NOTE_TOO_LONG]: 'noteTooLong',
    'toWalletId must be another wallet': 'sameWallet',
    'amount must be whole paise, more than 0 and at most 1000000000000': 'amountOutOfRange',
    'amount must be whole paise, not 0, between -1000000000000 and 1000000000000': 'signedAmountOutOfRange',
    [AMOUNT_INVALID]: 'amountInvalid',
    [AMOUNT_REQUIRED]: 'amountRequired',
    [AMOUNT_ZERO]: 'amountZero',
    [AMOUNT_TOO_LARGE]: 'amountTooLarge',
    "A PayU top-up pays into the signed-in organisation's own wallet; staff add money with Send Money": 'topUpOwnOnly',
    'PayU top-ups are not set up on this server (TARANG_PAYU_KEY and TARANG_PAYU_SALT); ask the provider': 'topUpNotSetUp',
    'amount must be at least ₹1.00 for a PayU top-up': 'topUpMinimum',
    'PayU needs an e-mail address: add one to your profile': 'topUpNeedsEmail',
    'This is for organisation users': 'organisationUsersOnly',
  },
  patterns: [
    // "Not enough money in the wallet: available ₹1,234.50, needed ₹2,000.00"
    {
      pattern: /^Not enough money in the wallet: available (?<available>-?₹[\d,]+\.\d{2}), needed (?<needed>-?₹[\d,]+\.\d{2})$/,
      key: 'notEnoughMoney',
    },
  ],
});
