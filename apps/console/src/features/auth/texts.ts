import { MIN_PASSWORD_LENGTH } from '@equipment-dashboard/domain';

/** Texts of sign-in and the password flows (console-core §2, §4, §8). Quoted spec texts are exact. */
export const AUTH_TEXTS = {
  product: 'Equipment Dashboard',
  signInTitle: 'Sign in',
  username: 'Username',
  password: 'Password',
  login: 'LOGIN',
  requestPasswordResetLink: 'request password reset',
  // The old console showed nothing on a failed sign-in (console-core §8); these say why.
  loginFailed: 'The username or password is not correct.',
  loginThrottled: 'Too many sign-in attempts. Please wait a minute and try again.',
  serverUnreachable: 'The server cannot be reached. Please try again.',

  requestResetTitle: 'Reset your password',
  requestResetHint: 'Enter your username and we will e-mail you a link to set a new password.',
  requestReset: 'REQUEST RESET',
  resetRequested: 'Please check your e-mail for instructions to reset your password.',
  resetRequestFailed: 'The reset request could not be sent. Please try again.',
  backToLogin: 'Back to sign in',

  setPasswordTitle: 'Set a new password',
  newPassword: 'New Password',
  verifyNewPassword: 'Verify New Password',
  setPassword: 'SET PASSWORD',
  passwordLengthHint: `Your password must be ${MIN_PASSWORD_LENGTH} characters or longer.`,
  somethingWentWrong: 'Something went wrong...',
  passwordSet: 'Your new password is set. Please sign in.',

  changePassword: 'Change Password',
  currentPassword: 'Current Password',
  save: 'SAVE',
  cancel: 'CANCEL',
  passwordExpired: 'Your password has expired. Please choose a new one to continue.',
  passwordChanged: 'Your password has been changed.',
  changeFailed: 'The password could not be changed. Please try again.',

  // Signing in with the company's identity provider.
  signInWith: (name: string) => `Sign in with ${name}`,
  orLocal: 'or with a local account',
  adminsOnly: 'The local form is for admin accounts only.',
  redirecting: (name: string) => `Taking you to ${name}...`,
  completingTitle: 'Signing you in',
  completing: 'Signing you in...',
  handoffFailed:
    'This sign-in link has expired or was used already. Nobody was signed in: please sign in again.',
} as const;
