import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from '@/lib/i18n/i18n';

/**
 * What the shared schemas and the server say about organisations, by their English text, so a
 * Hindi reader sees them in Hindi. English shows the server's words as they are.
 */
const MESSAGE_KEYS: Record<string, string> = {
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
};

/** "This organisation still has 2 child organisations, 1 users and 0 roles; …" */
const DEPENDENTS = /^This organisation still has (\d+) child organisations, (\d+) users and (\d+) roles; move or delete them first$/;

/** Translates one message of the organisation screens (a field error or a notice). */
export function useOrganizationMessages() {
  const { t } = useTranslation('organizations');
  const known = useCallback(
    (text: string): string | null => {
      const key = MESSAGE_KEYS[text];
      if (key) return t(`messages.${key}`);
      const dependents = DEPENDENTS.exec(text);
      if (dependents) return t('messages.hasDependents', { children: dependents[1], users: dependents[2], roles: dependents[3] });
      return null;
    },
    [t],
  );
  const message = useCallback((text: string | undefined | null): string => (text ? (known(text) ?? translateMessage(text)) : ''), [known]);
  /** A failed call: the server's message (without its `field: ` prefix) when known here, else the error code's text. */
  const failure = useCallback(
    (error: unknown): string => {
      const raw = (error as { message?: unknown } | null)?.message;
      if (typeof raw === 'string') {
        const found = known(raw.replace(/^[\w.]+: /, ''));
        if (found) return found;
      }
      return translateError(error);
    },
    [known],
  );
  /** A success notice: the server's message, or `fallback` (a key of `messages`) when it said nothing. */
  const success = useCallback(
    (text: string | undefined, fallback: string): string => (text ? message(text) : t(`messages.${fallback}`)),
    [message, t],
  );
  return { message, failure, success };
}
