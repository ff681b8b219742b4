/**
 * Console users: one demo user per role (username = role) and a staff of named people, plus the
 * favourites (radar) of a few of them.
 */
import { createHash } from 'node:crypto';
import { ROLES, type Role } from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { favorites, passwordResetTokens, users } from '../store/schema';
import { insertInBatches } from './batch';
import { DAY_MS, HOUR_MS, MINUTE_MS, shift } from './dates';
import type { Rng } from '../core/random';
import type { UnitSummary } from './units';

export const EMAIL_DOMAIN = 'equipment-dashboard.example';

/** A console user of the world. */
export interface StaffMember {
  username: string;
  role: Role;
  active: boolean;
  email: string;
  /** A display name, for texts that mention the person. */
  name: string;
}

const NAMED_STAFF: readonly { username: string; name: string; role: Role; active?: false }[] = [
  { username: 'mgarcia', name: 'Maria Garcia', role: 'admin' },
  { username: 'jthompson', name: 'James Thompson', role: 'engineer' },
  { username: 'pwagner', name: 'Petra Wagner', role: 'engineer' },
  { username: 'dokafor', name: 'David Okafor', role: 'support_lvl2' },
  { username: 'lnguyen', name: 'Linh Nguyen', role: 'support' },
  { username: 'rkowalski', name: 'Rafal Kowalski', role: 'support' },
  { username: 'abrennan', name: 'Aoife Brennan', role: 'ezadas' },
  { username: 'sito', name: 'Sho Ito', role: 'tech' },
  { username: 'kmiller', name: 'Kevin Miller', role: 'support', active: false },
];

const ROLE_NAMES: Record<Role, string> = {
  admin: 'Demo Admin',
  engineer: 'Demo Engineer',
  support_lvl2: 'Demo Support L2',
  support: 'Demo Support',
  ezadas: 'Demo EZ ADAS',
  tech: 'Demo Tech',
  guest: 'Demo Guest',
};

/** Every user of the world: the role users first, in the order of ROLES. */
export function staffOf(): StaffMember[] {
  const roleUsers = ROLES.map((role) => ({
    username: role as string,
    role,
    active: true,
    email: `${role}@${EMAIL_DOMAIN}`,
    name: ROLE_NAMES[role],
  }));
  const named = NAMED_STAFF.map((s) => ({
    username: s.username,
    role: s.role,
    active: s.active ?? true,
    email: `${s.username}@${EMAIL_DOMAIN}`,
    name: s.name,
  }));
  return [...roleUsers, ...named];
}

/**
 * Inserts the users. The hashes are computed in parallel (Argon2id runs natively off the event loop), started by
 * the caller early so they overlap the rest of the seeding.
 */
export async function insertUsers(
  db: Db,
  rng: Rng,
  now: Date,
  staff: readonly StaffMember[],
  hashes: readonly string[],
): Promise<void> {
  await insertInBatches(
    db,
    users,
    staff.map((s, i) => {
      const isRoleUser = (ROLES as readonly string[]).includes(s.username);
      const createdAt = shift(now, -(isRoleUser ? 400 : rng.int(30, 1300)) * DAY_MS);
      const hash = hashes[i];
      if (hash === undefined) throw new Error(`no password hash for ${s.username}`);
      return {
        username: s.username,
        email: s.email,
        role: s.role,
        active: s.active,
        passwordHash: hash,
        // Demo users have a fresh password, so a password age limit never locks the demo out.
        passwordChangedAt: isRoleUser ? now : shift(now, -rng.int(1, 80) * DAY_MS),
        createdAt,
        updatedAt: isRoleUser ? now : shift(now, -rng.int(1, 30) * DAY_MS),
      };
    }),
  );
  // One spent reset link: someone once forgot a password. The token itself exists nowhere.
  const resetFor = staff.find((s) => s.username === 'lnguyen') ?? staff[0];
  if (resetFor) {
    const createdAt = shift(now, -rng.int(20, 60) * DAY_MS);
    await db.insert(passwordResetTokens).values({
      tokenHash: createHash('sha256')
        .update(`spent-reset-token:${rng.hex(32)}`)
        .digest('hex'),
      username: resetFor.username,
      createdAt,
      expiresAt: shift(createdAt, HOUR_MS),
      usedAt: shift(createdAt, 7 * MINUTE_MS),
    });
  }
}

/** How many units each user has on the radar (the server's limit is 25 by default: room is left). */
const RADAR_SIZES: Readonly<Record<string, number>> = {
  admin: 8,
  engineer: 6,
  support: 4,
  mgarcia: 3,
  dokafor: 5,
};

/**
 * Favourites: connected units of every family first (they have the most to show on the radar), then
 * any. Returns the serials on the radar of each user.
 */
export async function insertFavorites(
  db: Db,
  rng: Rng,
  now: Date,
  directory: readonly UnitSummary[],
): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (directory.length === 0) return byUser;
  const interesting = directory.filter((u) => u.connected && u.versionOrder >= 0);
  const pool = interesting.length >= 10 ? interesting : [...directory];
  const rows: (typeof favorites.$inferInsert)[] = [];
  const familiesInPool = new Set(pool.map((u) => u.family)).size;
  for (const [username, size] of Object.entries(RADAR_SIZES)) {
    const families = new Set<string>();
    const chosen: UnitSummary[] = [];
    // One of each family first, then the rest at random.
    for (const unit of rng.sample(pool, pool.length)) {
      if (chosen.length >= size) break;
      if (!families.has(unit.family) || families.size >= familiesInPool) {
        families.add(unit.family);
        chosen.push(unit);
      }
    }
    byUser.set(
      username,
      chosen.map((u) => u.serialNumber),
    );
    for (const unit of chosen) {
      rows.push({
        username,
        serialNumber: unit.serialNumber,
        createdAt: shift(now, -rng.int(1, 200) * DAY_MS),
      });
    }
  }
  await insertInBatches(db, favorites, rows);
  return byUser;
}
