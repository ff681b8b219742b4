/**
 * The deterministic demo world: `seedDemoWorld` fills an empty store so that every screen of both
 * spec documents has content; `seedUnits` adds generated units to an existing store
 * (`fleet-sim seed --size N`). The same seed, size and `now` give the same world.
 */
import { count } from 'drizzle-orm';
import { FAMILIES, SERVICE_NAMES, type Family, type SerialPrefixTable } from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { services, simSettings, units } from '../store/schema';
import { BATCH_SIZE } from './batch';
import { insertCameraCals } from './camera-cals';
import { insertChatSessions } from './chats';
import { insertFixtures, insertTargets } from './ezadas';
import { insertMessages, insertNotifications } from './outreach';
import { insertFavorites, insertUsers, staffOf } from './people';
import { buildPlaceBook } from './places';
import { Rng } from '../core/random';
import { buildReleaseBook, buildSpecReleases, insertReleases } from './releases';
import { insertCommandLog, insertScreenshots, insertUnitReports } from './reports';
import { insertSchedulerActivity, insertSchedules } from './scheduling';
import { SerialAllocator, highestSequences } from './serials';
import { releasesFromStore, specReleasesFromStore } from './store-releases';
import { insertTickets, ticketCountFor } from './tickets';
import { insertPairings } from './trupoint';
import { UnitGenerator, insertUnitBatch, streamUnits, type FamilyCounts, type UnitSummary } from './units';

export interface SeedDemoWorldOptions {
  /** Any text; the same seed (with the same size and now) gives the same world. */
  seed: string;
  /** Number of units. */
  size: number;
  /** The password of every seeded user. */
  demoPassword: string;
  hashPassword: (password: string) => Promise<string>;
  prefixes: SerialPrefixTable;
  /** Every date of the world is relative to this. */
  now: Date;
  /** Called after each batch of units. */
  onProgress?: (done: number, total: number) => void;
}

/** Units the rest of the world refers to (tickets, favourites ...): at most this many are remembered. */
const DIRECTORY_LIMIT = 10_000;

/** Rows per transaction when adding units to an existing store. */
const UNITS_PER_TRANSACTION = 10 * BATCH_SIZE;

function emptyCounts(): Record<Family, FamilyCounts> {
  return Object.fromEntries(
    FAMILIES.map((f) => [f, { total: 0, connected: 0, atLatest: 0, staged: 0 }]),
  ) as Record<Family, FamilyCounts>;
}

/**
 * Fills an empty store: users (one per role, username = role, plus named staff), `size` units, releases,
 * schedules and scheduler statistics, tickets, favourites, reports, outreach, EZ ADAS, pairings,
 * camera calibrations, chats, services and the world's settings. One transaction.
 */
export async function seedDemoWorld(db: Db, options: SeedDemoWorldOptions): Promise<{ usernames: string[] }> {
  const { now, size } = options;
  const root = new Rng(`world:${options.seed}`);
  const staff = staffOf();
  // Argon2id runs off the event loop: start it now, it overlaps building the fleet.
  const hashing = Promise.all(staff.map(() => options.hashPassword(options.demoPassword)));
  hashing.catch(() => undefined);

  const places = await buildPlaceBook(root.fork('places'));
  const releases = buildReleaseBook(root.fork('releases'), now);
  const specs = buildSpecReleases(root.fork('specs'), now, options.prefixes);

  await db.transaction(async (tx) => {
    const serials = new SerialAllocator(options.prefixes, await highestSequences(tx));
    const generator = new UnitGenerator({ now, releases, specs, places, serials });
    const directory: UnitSummary[] = [];
    const counts = emptyCounts();
    const stride = Math.max(1, Math.ceil(size / DIRECTORY_LIMIT));
    let seen = 0;
    await streamUnits({
      count: size,
      rng: root.fork('units'),
      generator,
      insertBatch: (rows, desired) => insertUnitBatch(tx, rows, desired),
      onBatch: (_rows, summaries) => {
        for (const unit of summaries) {
          const c = counts[unit.family];
          c.total++;
          if (unit.connected) c.connected++;
          if (unit.atLatest) c.atLatest++;
          if (unit.staged) c.staged++;
          if (seen++ % stride === 0) directory.push(unit);
        }
      },
      onProgress: options.onProgress,
    });

    await insertReleases(tx, releases, specs);
    await insertUsers(tx, root.fork('users'), now, staff, await hashing);
    const radar = await insertFavorites(tx, root.fork('favorites'), now, directory);
    const radarSerials = new Set([...radar.values()].flat());
    await insertTickets(tx, root.fork('tickets'), now, {
      count: ticketCountFor(size),
      directory,
      staff,
      // Units on someone's radar get the first (open) tickets: the radar shows bug badges.
      radarSerials: [...new Set([...(radar.get('admin') ?? []), ...radarSerials])],
    });
    const seededUnits = { now, directory, radarSerials };
    await insertUnitReports(tx, root.fork('reports'), seededUnits);
    await insertScreenshots(tx, root.fork('screenshots'), seededUnits);
    await insertCommandLog(tx, root.fork('commands'), now, directory, staff);
    await insertSchedules(tx, root.fork('schedules'), now, directory, releases);
    await insertSchedulerActivity(tx, root.fork('scheduler'), now, counts);
    await insertNotifications(tx, root.fork('notifications'), now, places, staff);
    await insertMessages(tx, root.fork('messages'), now, places, directory, staff);
    await insertFixtures(tx, root.fork('fixtures'), now);
    await insertTargets(tx, root.fork('targets'), now);
    await insertPairings(tx, root.fork('pairings'), now, directory);
    await insertCameraCals(tx, root.fork('camera-cals'), now);
    await insertChatSessions(tx, root.fork('chats'), now, directory);
    await tx.insert(services).values(SERVICE_NAMES.map((name) => ({ name, up: true, updatedAt: now })));
    await tx.insert(simSettings).values({
      key: 'world',
      value: { seed: options.seed, size, seededAt: now.toISOString() },
      updatedAt: now,
    });
  });
  return { usernames: staff.map((s) => s.username) };
}

export interface SeedUnitsOptions {
  seed: string;
  /** How many units to add. */
  count: number;
  prefixes: SerialPrefixTable;
  now: Date;
  /** Called after each batch. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Adds `count` generated units to a store that may already hold units: serial sequences continue
 * after the highest ones in the store, versions come from the published releases. Streams in
 * batches of 1,000, one transaction per 10,000, so memory stays flat for a million units.
 */
export async function seedUnits(db: Db, options: SeedUnitsOptions): Promise<{ inserted: number }> {
  const { now } = options;
  const [existing] = await db.select({ n: count() }).from(units);
  const world = new Rng(`world:${options.seed}`);
  // The world's places, so that added units are in the same towns as the seeded ones.
  const places = await buildPlaceBook(world.fork('places'));
  const releases = await releasesFromStore(db, buildReleaseBook(world.fork('releases'), now));
  const specs = await specReleasesFromStore(
    db,
    buildSpecReleases(world.fork('specs'), now, options.prefixes),
  );
  const serials = new SerialAllocator(options.prefixes, await highestSequences(db));
  const generator = new UnitGenerator({ now, releases, specs, places, serials });
  // A different stream for each store size: adding units twice does not repeat the same units.
  const rng = new Rng(`units:${options.seed}:${existing?.n ?? 0}`);
  let inserted = 0;
  while (inserted < options.count) {
    const chunk = Math.min(UNITS_PER_TRANSACTION, options.count - inserted);
    const offset = inserted;
    await db.transaction(async (tx) => {
      await streamUnits({
        count: chunk,
        rng,
        generator,
        insertBatch: (rows, desired) => insertUnitBatch(tx, rows, desired),
        onProgress: (done) => options.onProgress?.(offset + done, options.count),
      });
    });
    inserted += chunk;
  }
  return { inserted };
}
