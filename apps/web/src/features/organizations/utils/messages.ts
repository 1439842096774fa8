import { createMessages } from '@/lib/i18n/server-messages';

/**
 * What the shared schemas and the server say about organisations, by their English text, so a
 * Hindi reader sees them in Hindi. English shows the server's words as they are.
 */
export const useOrganizationMessages = createMessages('organizations', {
  texts: {
    'tradeName is required': 'tradeNameRequired',
    'tradeName must be at most 200 characters': 'tradeNameTooLong',
    'brandName must be at most 200 characters': 'brandNameTooLong',
    'Enter a valid email': 'emailInvalid',
    'email must be at most 255 characters': 'emailTooLong',
    'must be a 24-character id': 'idInvalid',
    'must be whole paise': 'wholePaise',
    'Enter an amount in rupees with at most two decimals': 'amountInvalid',
    'Parent organisation not found': 'parentNotFound',
    'Only staff can make an organisation independent': 'staffOnlyIndependent',
    'An organisation cannot move under itself or its descendants': 'parentLoop',
    'API access for your own organisation is granted by your provider': 'apiAccessOwn',
    'You cannot move or disable your own organisation': 'ownMoveDisable',
    'You cannot delete your own organisation': 'ownDelete',
    'This organisation still has records that belong to it; move or delete them first': 'hasRecords',
    'Organisation not found': 'notFound',
    'Organisation created': 'created',
    'Organisation updated': 'updated',
    'Organisation deleted': 'deleted',
    'Settings saved': 'settingsSaved',
  },
  patterns: [
    {
      pattern:
        /^This organisation still has (?<children>\d+) child organisations, (?<users>\d+) users and (?<roles>\d+) roles; move or delete them first$/,
      key: 'hasDependents',
    },
  ],
});
