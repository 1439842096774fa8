import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from '@/lib/i18n/i18n';

/**
 * What the shared schemas and the server say about users, by their English text, so a Hindi
 * reader sees them in Hindi. English shows the server's words as they are.
 */
const MESSAGE_KEYS: Record<string, string> = {
  'firstName is required': 'firstNameRequired',
  'firstName must be at most 100 characters': 'firstNameTooLong',
  'lastName is required': 'lastNameRequired',
  'lastName must be at most 100 characters': 'lastNameTooLong',
  'Enter a valid email': 'emailInvalid',
  'email must be at most 255 characters': 'emailTooLong',
  'Enter a valid phone number: +91 and 10 digits (or 13 for M2M numbers)': 'phoneInvalid',
  'Give an email or a phone number': 'emailOrPhone',
  'avatar must be an https URL': 'avatarInvalid',
  'This email is already in use': 'emailInUse',
  'This phone number is already in use': 'phoneInUse',
  'Role not found': 'roleNotFound',
  'Choose a role': 'chooseRole',
  'password must be at most 255 characters': 'passwordTooLong',
  'Staff users need a staff role': 'staffRoleNeeded',
  'Organisation users need an organisation role': 'organizationRoleNeeded',
  'This role belongs to another organisation': 'roleOfOtherOrganization',
  'You cannot grant permissions you do not hold': 'cannotGrant',
  'Organisation not found': 'organizationNotFound',
  'Only staff can manage staff users': 'staffOnly',
  'You cannot change your own role, status or organisation': 'ownRoleStatusOrganization',
  'You cannot delete yourself': 'cannotDeleteSelf',
  'This user holds permissions you do not hold': 'holdsMore',
  'This user is disabled; enable them before sending mail': 'disabledNoMail',
  'Passwords must be sealed with the login key': 'sealed',
  'User not found': 'userNotFound',
  'User created': 'created',
  'User updated': 'updated',
  'User deleted': 'deleted',
  'Mail sent': 'mailSent',
};

/** Translates one message of the users screens (a field error or a notice). */
export function useUserMessages() {
  const { t } = useTranslation('users');
  const message = useCallback(
    (text: string | undefined | null): string => {
      if (!text) return '';
      const key = MESSAGE_KEYS[text];
      return key ? t(`messages.${key}`) : translateMessage(text);
    },
    [t],
  );
  /** A failed call: the server's message (without its `field: ` prefix) when known here, else the error code's text. */
  const failure = useCallback(
    (error: unknown): string => {
      const raw = (error as { message?: unknown } | null)?.message;
      if (typeof raw === 'string') {
        const bare = raw.replace(/^[\w.]+: /, '');
        if (MESSAGE_KEYS[bare]) return t(`messages.${MESSAGE_KEYS[bare]}`);
      }
      return translateError(error);
    },
    [t],
  );
  /** A success notice: the server's message, or `fallback` (a key of `messages`) when it said nothing. */
  const success = useCallback(
    (text: string | undefined, fallback: string): string => (text ? message(text) : t(`messages.${fallback}`)),
    [message, t],
  );
  return { message, failure, success };
}
