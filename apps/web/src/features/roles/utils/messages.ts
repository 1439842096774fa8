import { createMessages } from '@/lib/i18n/server-messages';

/**
 * What the shared schemas and the server say about roles, by their English text, so a Hindi
 * reader sees them in Hindi. English shows the server's words as they are.
 */
export const useRoleMessages = createMessages('roles', {
  texts: {
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
  },
  patterns: [
    // "This role is held by 3 users; give them another role first"
    { pattern: /^This role is held by (?<users>\w+) users; give them another role first$/, key: 'heldBy' },
  ],
});
