/**
 * EZ ADAS fixture and target rules (back-office §2.8, §3, §5, §7.5, §9).
 */
import dayjs from 'dayjs';
import {
  PLACEHOLDER_EXPIRY_DATE,
  SUBSCRIPTION_PACKAGES,
  type SubscriptionPackageCode,
  type SubscriptionPackageName,
} from '../constants/constants';

/** One subscription package: name and code (back-office §3). */
export type SubscriptionPackage = (typeof SUBSCRIPTION_PACKAGES)[number];

/** Calendar parts of a subscription expiry, as POST /api/v1/ez_create_subscription sends them (back-office §7.5). */
export interface DateParts {
  /** Month 1–12. */
  month: number;
  /** Day of month 1–31. */
  day: number;
  /** Four-digit year. */
  year: number;
}

/** The package that has no expiry: its date picker is hidden (back-office §5). */
export const INCLUDED_PACKAGE: SubscriptionPackageName = 'Included';

/**
 * True for a valid target ID: an integer of 0 or more (back-office §5, §9). Accepts numbers and
 * numeric strings of digits ('12', ' 12 '); refuses '1.5', '-1', '', '1e3', NaN and unsafe integers.
 */
export function isValidEzTargetId(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0;
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed));
}

/** The package with a code (0, 1 or 4), or undefined. */
export function subscriptionPackageByCode(
  code: number | string | null | undefined,
): SubscriptionPackage | undefined {
  const n = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  return SUBSCRIPTION_PACKAGES.find((pkg) => pkg.code === n);
}

/** The package with a name ('Included', 'Limited', 'Premium + VAG'), or undefined. */
export function subscriptionPackageByName(name: string | null | undefined): SubscriptionPackage | undefined {
  return SUBSCRIPTION_PACKAGES.find((pkg) => pkg.name === name);
}

/** True when the package needs an expiry date: every package but Included (back-office §5). */
export function subscriptionNeedsExpiry(code: SubscriptionPackageCode | number): boolean {
  const pkg = subscriptionPackageByCode(code);
  return pkg !== undefined && pkg.name !== INCLUDED_PACKAGE;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a fixture expiry, 'M/D/YYYY' as the fixture list shows it (back-office §3) or 'YYYY-MM-DD', as
 * a local-midnight Date; null for 'N/A', blank or anything else.
 */
export function parseFixtureExpiry(text: string | null | undefined): Date | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  let parts: [number, number, number] | null = null;
  const us = US_DATE.exec(trimmed);
  const iso = ISO_DATE.exec(trimmed);
  if (us !== null) parts = [Number(us[3]), Number(us[1]), Number(us[2])];
  else if (iso !== null) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  if (parts === null) return null;
  const [year, month, day] = parts;
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** The parts of the placeholder expiry 2078-12-21 (back-office §5). */
const PLACEHOLDER_EXPIRY_PARTS: DateParts = (() => {
  const [year, month, day] = PLACEHOLDER_EXPIRY_DATE.split('-').map(Number);
  return { year: year ?? 2078, month: month ?? 12, day: day ?? 21 };
})();

function isPlaceholder(date: Date): boolean {
  const parts = fixtureSubscriptionDateParts(date);
  return (
    parts.year === PLACEHOLDER_EXPIRY_PARTS.year &&
    parts.month === PLACEHOLDER_EXPIRY_PARTS.month &&
    parts.day === PLACEHOLDER_EXPIRY_PARTS.day
  );
}

/**
 * The expiry the Modify Subscription picker starts at (back-office §5): the current expiry when there is
 * one, else one year from today (local midnight; Feb 29 + 1 year is Feb 28). "None" is null, blank,
 * 'N/A', an unreadable date, and (decision) the placeholder 2078-12-21, which marks "no real expiry".
 */
export function defaultSubscriptionExpiry(current: string | null | undefined, today: Date): Date {
  const parsed = parseFixtureExpiry(current);
  if (parsed !== null && !isPlaceholder(parsed)) return parsed;
  return dayjs(today).startOf('day').add(1, 'year').toDate();
}

/** A date's local calendar parts, as the subscription call sends them (back-office §5: "year, month and day parts"). */
export function fixtureSubscriptionDateParts(date: Date): DateParts {
  return { month: date.getMonth() + 1, day: date.getDate(), year: date.getFullYear() };
}

/**
 * The date parts to send for a subscription change. Decision: Included has no expiry picker
 * (back-office §5), so it sends the placeholder 2078-12-21 ("Placeholder dates of 2078-12-21 are used as
 * fallbacks"); so does any package when no date was picked.
 */
export function subscriptionRequestDateParts(
  code: SubscriptionPackageCode | number,
  expiry: Date | null | undefined,
): DateParts {
  if (!subscriptionNeedsExpiry(code) || !(expiry instanceof Date) || Number.isNaN(expiry.getTime())) {
    return { ...PLACEHOLDER_EXPIRY_PARTS };
  }
  return fixtureSubscriptionDateParts(expiry);
}

/** A fixture expiry as the list shows it, 'M/D/YYYY' (back-office §9). */
export function formatFixtureExpiry(date: Date): string {
  const { month, day, year } = fixtureSubscriptionDateParts(date);
  return `${month}/${day}/${year}`;
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Create fixture acts only if the serial number is non-empty (back-office §5). */
export function canCreateFixture(serialNumber: string | null | undefined): boolean {
  return filled(serialNumber);
}

/** Modify subscription acts only with a serial number (back-office §5). */
export function canModifySubscription(form: { serialNumber?: string | null }): boolean {
  return filled(form.serialNumber);
}

/**
 * Create target needs a package, a target name and a valid target ID (back-office §5: "The target ID
 * must be an integer of 0 or more, which enables Create").
 */
export function canCreateEzTarget(form: {
  packageIndex?: number | string | null;
  targetName?: string | null;
  targetId?: unknown;
}): boolean {
  return (
    subscriptionPackageByCode(form.packageIndex) !== undefined &&
    filled(form.targetName) &&
    isValidEzTargetId(form.targetId)
  );
}

/** Modify target acts only if a target name is present (back-office §5). */
export function canModifyEzTarget(form: { targetName?: string | null }): boolean {
  return filled(form.targetName);
}
