/** Every role of both documents (console-core §6, back-office §6). */
export const ROLES = ['admin', 'engineer', 'support_lvl2', 'support', 'ezadas', 'tech', 'guest'] as const;
/** One of {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/** True when the value is a known role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
