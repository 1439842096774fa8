/**
 * Every user-facing message of the specification (§5, §8), word for word, typos kept.
 * The console and the server both read them from here.
 */
export const MESSAGES = {
  sessionExpired: 'Session expired! Login again.',
  loggingIn: 'Logging in...',
  loginFailed: 'Login failed!',
  couldNotLogin: 'Could not login',
  loggedIn: 'Successfully logged in',
  loggedOut: 'Successfully logged out',
  walletFetchFailed: 'Failed to fetch wallet details.',
  emptySearch: 'Enter a valid search term',
  passwordChangedDialog: 'The Password Changed successfully',
  genericClientError: 'There is an error!',
  usernameRequired: 'Enter phone number or email',
  passwordRequired: 'Password is required',
  termsRequired: 'You must agree to our terms and conditions',
  currentPasswordRequired: 'Current Password is Required',
  newPasswordRequired: 'New Password is Required',
  newPasswordTooShort: 'Password Must be atleast 8 character',
  confirmPasswordRequired: 'Confirm Password is Required',
  confirmPasswordMismatch: 'Confirm Password doest not  match',
  noSimsFound: 'No Sims Found',
  noJobsFound: 'No Jobs Found',
  noOrganizationsFound: 'No Organizations Found',
  noUsersFound: 'No Users Found',
} as const;
