import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from '@/lib/i18n/i18n';

/**
 * What the shared schemas and the server say about roles, by their English text, so a Hindi
 * reader sees them in Hindi. English shows the server's words as they are.
 */
const MESSAGE_KEYS: Record<string, string> = {
  'name is required': 'nameRequired',
  'name must be at most 100 characters': 'nameTooLong',
  'description must be at most 500 characters': 'descriptionTooLong',
  'must be a 24-character id': 'idInvalid',
  'Choose at least one module': 'noModule',
  'A role with this name already exists': 'nameTaken',
  'You cannot grant permissions you do not hold': 'cannotGrant',
  'This role grants permissions you do not hold': 'grantsMore',
  'Only staff can create staff roles': 'staffOnly',
  'A role owned by an organisation cannot be a staff role': 'staffRoleOrganization',
  'Organisation not found': 'organizationNotFound',
  'Platform roles are managed by staff': 'platformRoles',
  'Built-in roles cannot be changed': 'builtIn',
  'You cannot change your own role': 'ownRole',
  'Role not found': 'notFound',
  'Role created': 'created',
  'Role updated': 'updated',
  'Role deleted': 'deleted',
};

/** "This role is held by 3 users; give them another role first" */
const HELD_BY = /^This role is held by (\w+) users; give them another role first$/;

/** Translates one message of the role screens (a field error or a notice). */
export function useRoleMessages() {
  const { t } = useTranslation('roles');
  const known = useCallback(
    (text: string): string | null => {
      const key = MESSAGE_KEYS[text];
      if (key) return t(`messages.${key}`);
      const held = HELD_BY.exec(text);
      if (held) return t('messages.heldBy', { users: held[1] });
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
