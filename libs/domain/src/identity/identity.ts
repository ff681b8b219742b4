/**
 * Identity rules: signing in with a company's identity provider (OpenID Connect) and personal access tokens.
 * Which role a provider's claims map to, how the role map is written, whether a `returnTo` stays in the console,
 * which issuer URLs are acceptable, and how far an access token may reach.
 */
import { NAV_ENTRIES, canSeeNav, permissionsOf } from '../permissions/permissions';
import { isRole, ROLES, type Role } from '../permissions/roles';

/** The role map's "anyone" group: the entry matches every signed-in user of the provider. */
export const ANY_GROUP = '*';

/** One `role=group` pair of a role map (OIDC_ROLE_MAP), in the order it was written. */
export interface RoleMapEntry {
  /** The role a user of the group gets. */
  role: Role;
  /** The group (a value of the role claim), or {@link ANY_GROUP}. */
  group: string;
}

/** A parsed role map and every problem of its text (an empty map when the text had none). */
export interface ParsedRoleMap {
  entries: RoleMapEntry[];
  problems: string[];
}

/**
 * Parses OIDC_ROLE_MAP: ordered `role=group` pairs separated by `;` (`admin=fleet-admins;engineer=fleet-eng`).
 * Spaces around a pair, its role and its group are dropped, empty pairs (a trailing `;`) are skipped, and a group
 * is everything after the pair's first `=`. Every bad pair is a problem: no `=`, an unknown role, an empty group.
 */
export function parseRoleMap(text: string): ParsedRoleMap {
  const entries: RoleMapEntry[] = [];
  const problems: string[] = [];
  text.split(';').forEach((raw, index) => {
    const pair = raw.trim();
    if (!pair) return;
    const at = pair.indexOf('=');
    if (at < 0) {
      problems.push(`pair ${index + 1} ("${pair}") is not role=group`);
      return;
    }
    const role = pair.slice(0, at).trim();
    const group = pair.slice(at + 1).trim();
    if (!isRole(role)) problems.push(`pair ${index + 1}: "${role}" is not a role (${ROLES.join(', ')})`);
    if (!group) problems.push(`pair ${index + 1}: the group of "${role}" is empty`);
    if (isRole(role) && group) entries.push({ role, group });
  });
  return { entries, problems };
}

/** Writes a role map back as OIDC_ROLE_MAP text ({@link parseRoleMap} reads it back to the same entries). */
export function formatRoleMap(entries: readonly RoleMapEntry[]): string {
  return entries.map((entry) => `${entry.role}=${entry.group}`).join(';');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value of a claim by its path: the whole path as one claim name first (providers that namespace claims name
 * them with dots, `https://example.com/groups`), then a dotted path into nested objects (`realm_access.roles`).
 * Undefined when there is none.
 */
export function claimAt(claims: Readonly<Record<string, unknown>>, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(claims, path)) return claims[path];
  let value: unknown = claims;
  for (const key of path.split('.')) {
    if (!isRecord(value) || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** A claim's values as groups: a string is one group, an array its strings; anything else none. */
export function claimValues(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return [];
}

/**
 * The role a provider's user gets: the first entry of the map whose group is among the values of the role claim
 * (or is {@link ANY_GROUP}); null when no entry matches (strict mode: no entry).
 */
export function mapRole(
  claims: Readonly<Record<string, unknown>>,
  rule: { claim: string; map: readonly RoleMapEntry[] },
): Role | null {
  const groups = new Set(claimValues(claimAt(claims, rule.claim)));
  const entry = rule.map.find((e) => e.group === ANY_GROUP || groups.has(e.group));
  return entry?.role ?? null;
}

/**
 * True when `role` reaches no further than `ceiling`: every permission and every navigation entry of `role` is
 * also the ceiling's. Roles are not a ladder (ezadas and support each hold something the other lacks), so "at
 * most the creator's role" is this inclusion, not an order.
 */
export function roleWithin(role: Role, ceiling: Role): boolean {
  const held = new Set(permissionsOf(ceiling));
  if (!permissionsOf(role).every((p) => held.has(p))) return false;
  return NAV_ENTRIES.every((entry) => !canSeeNav(role, entry) || canSeeNav(ceiling, entry));
}

/** The roles within a ceiling ({@link roleWithin}), in {@link ROLES} order: what a token of its holder may carry. */
export function rolesWithin(ceiling: Role): Role[] {
  return ROLES.filter((role) => roleWithin(role, ceiling));
}

/** A personal access token lives at most this many days (a year). */
export const ACCESS_TOKEN_MAX_DAYS = 365;

/** A personal access token's name: 1 to this many characters. */
export const ACCESS_TOKEN_NAME_MAX = 100;

/**
 * Why an access token's expiry is refused, or null when it is fine: it must be in the future and at most
 * {@link ACCESS_TOKEN_MAX_DAYS} days after `now`.
 */
export function accessTokenExpiryProblem(expiresAt: Date, now: Date): string | null {
  if (Number.isNaN(expiresAt.getTime())) return 'The expiry is not a date.';
  if (expiresAt.getTime() <= now.getTime()) return 'The expiry must be in the future.';
  if (expiresAt.getTime() - now.getTime() > ACCESS_TOKEN_MAX_DAYS * 24 * 60 * 60 * 1000)
    return `A token expires within ${ACCESS_TOKEN_MAX_DAYS} days.`;
  return null;
}

/**
 * True when `returnTo` is a path of the console to go back to after sign-in: it starts with one `/`, is not a
 * scheme-relative or backslash URL (`//evil.example`, `/\evil.example`), holds no control character, and is not
 * a path of the server's API or sign-in calls. Anything else is ignored (the user lands on the dashboard).
 */
export function isConsoleReturnPath(returnTo: string): boolean {
  if (!returnTo.startsWith('/') || returnTo.length > 2000) return false;
  if (returnTo.startsWith('//') || returnTo.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(returnTo)) return false;
  return !/^\/(?:auth|api|socket\.io)(?:\/|$)/.test(returnTo);
}

/** True for a host name of this machine's loopback interface (`localhost`, 127.0.0.0/8, `::1`). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * Why an OpenID issuer URL is refused, or null when it is fine: it must be an absolute URL, `https://`, or
 * `http://` on loopback only (tests and the development provider), with no query or fragment.
 */
export function issuerUrlProblem(issuer: string): string | null {
  // A URL parsed by hand: this library runs without the DOM's or Node's URL.
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]+)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(issuer.trim());
  if (!match) return 'is not a URL';
  const [, scheme = '', authority = '', , query, fragment] = match;
  if (query !== undefined || fragment !== undefined) return 'must not have a query or a fragment';
  if (authority.includes('@')) return 'must not hold credentials';
  const host = authority.startsWith('[')
    ? authority.slice(0, authority.indexOf(']') + 1)
    : authority.replace(/:\d*$/, '');
  if (!host) return 'is not a URL';
  const protocol = scheme.toLowerCase();
  if (protocol === 'https') return null;
  if (protocol === 'http' && isLoopbackHost(host)) return null;
  return protocol === 'http'
    ? 'must be https:// (http:// is accepted only on loopback: localhost, 127.0.0.1, ::1)'
    : 'must be an https:// URL';
}

/** A provider id: lower-case letters, digits and dashes (it is part of the redirect URI's path). */
export const PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
