import { createMessages } from '@/lib/i18n/server-messages';

/** What the server says about the transactions report, by its English text, so a Hindi reader sees it in Hindi. */
export const useTransactionMessages = createMessages('transactions', {
  texts: {
    'Wallet not found': 'walletNotFound',
    'Organisation not found': 'organizationNotFound',
    'The cursor is not valid for this list; start again without it': 'cursorInvalid',
  },
});
