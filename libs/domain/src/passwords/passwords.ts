/**
 * Password rules (console-core §2, §5, §9): change password, set a new password after a reset, and
 * expiry. The console disables the buttons; the server answers 400 with the problems.
 */
import { MIN_PASSWORD_LENGTH } from '../constants/constants';

/** The change-password form (console-core §2 account menu, §7 POST /update/user_password/v1). */
export interface PasswordChangeForm {
  /** The current password. */
  currentPassword: string;
  /** The new password. */
  newPassword: string;
}

/** The set-password form after a reset (console-core §2 "Set password"). */
export interface SetPasswordForm {
  /** The new password. */
  newPassword: string;
  /** The same password typed again. */
  verifyPassword: string;
}

/** Message for a new password that is too short; the set-password screen says the same (console-core §2). */
export const PASSWORD_TOO_SHORT_MESSAGE = `The new password must be ${MIN_PASSWORD_LENGTH} characters or longer.`;
/** Message for a missing current password. */
const CURRENT_PASSWORD_MISSING_MESSAGE = 'Enter your current password.';
/** Message for a new password equal to the current one. */
const PASSWORD_UNCHANGED_MESSAGE = 'The new password must be different from the current password.';
/** Message for a verify field that differs from the new password. */
export const PASSWORDS_DIFFER_MESSAGE = 'The new password and its verification do not match.';

/**
 * The length of a password in characters. Decision: characters are Unicode code points, so an emoji
 * counts once (console-core §9 says "12 characters", not 12 UTF-16 units).
 */
export function passwordLength(password: string): number {
  return typeof password === 'string' ? Array.from(password).length : 0;
}

/**
 * Why a password change cannot be sent, as human messages; [] when it can (console-core §5: disabled
 * when the current password is empty, the new one is shorter than 12 characters, or equals the current
 * one). The old console showed no messages; the server answers 400 with these.
 */
export function passwordChangeProblems(form: PasswordChangeForm): string[] {
  const current = typeof form?.currentPassword === 'string' ? form.currentPassword : '';
  const next = typeof form?.newPassword === 'string' ? form.newPassword : '';
  const problems: string[] = [];
  if (current === '') problems.push(CURRENT_PASSWORD_MISSING_MESSAGE);
  if (passwordLength(next) < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_TOO_SHORT_MESSAGE);
  if (next !== '' && next === current) problems.push(PASSWORD_UNCHANGED_MESSAGE);
  return problems;
}

/** True when the change-password form may be submitted (console-core §5). */
export function canSubmitPasswordChange(form: PasswordChangeForm): boolean {
  return passwordChangeProblems(form).length === 0;
}

/**
 * Why a new password cannot be set, as human messages; [] when it can (console-core §5: disabled while
 * empty, shorter than 12, or different from the verify field).
 */
export function setPasswordProblems(form: SetPasswordForm): string[] {
  const next = typeof form?.newPassword === 'string' ? form.newPassword : '';
  const verify = typeof form?.verifyPassword === 'string' ? form.verifyPassword : '';
  const problems: string[] = [];
  if (passwordLength(next) < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_TOO_SHORT_MESSAGE);
  if (next !== verify) problems.push(PASSWORDS_DIFFER_MESSAGE);
  return problems;
}

/** True when the set-password form may be submitted (console-core §5). */
export function canSetPassword(form: SetPasswordForm): boolean {
  return setPasswordProblems(form).length === 0;
}

const DAY_MS = 86_400_000;

/**
 * True when a password changed at `changedAt` has expired at `now` (console-core §4 expiry check;
 * ARCHITECTURE: PASSWORD_MAX_AGE_DAYS, 0 = never). It expires once `maxAgeDays` whole days have passed.
 * Decisions: a max age of 0, negative or not a number means never; an unreadable `changedAt` (Invalid
 * Date) counts as expired when a max age applies, so a broken record forces a change rather than
 * letting a password live forever.
 */
export function isPasswordExpired(changedAt: Date, now: Date, maxAgeDays: number): boolean {
  if (!Number.isFinite(maxAgeDays) || maxAgeDays <= 0) return false;
  const changed = changedAt instanceof Date ? changedAt.getTime() : Number.NaN;
  const at = now instanceof Date ? now.getTime() : Number.NaN;
  if (Number.isNaN(changed) || Number.isNaN(at)) return true;
  return at - changed >= maxAgeDays * DAY_MS;
}
