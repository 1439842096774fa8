import { createMessages } from '@/lib/i18n/server-messages';

/**
 * What the shared schemas and the server say about users, by their English text, so a Hindi
 * reader sees them in Hindi. English shows the server's words as they are.
 */
export const useUserMessages = createMessages('users', {
  texts: {
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
  },
});
