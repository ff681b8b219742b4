import type { Family } from '@equipment-dashboard/domain';
import type { Logger } from 'pino';
import type { Simulator } from '../fleet/simulator';
import { Rng } from '../core/random';
import {
  claimGlobal,
  directiveExists,
  directivesSince,
  pendingDirectives,
  recordResult,
  type DirectiveRow,
} from '../store/repos/directives-repo';
import { insertSoftwareUpdate } from '../store/repos/releases-repo';
import { addFavorite, countFavorites } from '../store/repos/units-repo';
import { SHARD_COUNT } from '../store/schema';
import type { Feed } from '../store/store-follower';
import type { Config } from '../config/config';
import type { ScenarioChanges } from './scenario-schema';
import { changeUnit, selectUnits, type UnitDeps } from './unit-changes';
import { changeServicesAndSettings, hasWorldChanges } from './world-changes';

export interface DirectiveDeps extends UnitDeps {
  config: Pick<Config, 'FAVORITES_LIMIT'>;
  logger: Logger;
}

/**
 * A cluster simulator's side of scenarios: it reads the directives the API processes store, applies their
 * unit rules to the units of the shards it holds when they are due (now, or a step's time on the simulated
 * clock), and records what it did. A later step's other changes are done once, by whichever simulator claims
 * them first.
 */
export class DirectivePlayer {
  private readonly seen = new Set<number>();
  private pending: DirectiveRow[] = [];
  private playing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: DirectiveDeps,
    private readonly sim: Simulator,
    private readonly worker: string,
  ) {
    deps.clock.onChange(() => this.playDue());
  }

  /** Steps still to come when this simulator starts (written before it followed the store). */
  async load(): Promise<void> {
    const now = this.deps.clock.now();
    for (const row of await pendingDirectives(this.deps.db, new Date(Date.now() - 24 * 3_600_000))) {
      this.seen.add(row.id);
      if (row.dueAt && row.dueAt.getTime() > now) this.pending.push(row);
    }
  }

  /** A snapshot was restored: the steps to come are the restored world's (its directives' ids may be reused). */
  async reload(): Promise<void> {
    await this.playing;
    this.seen.clear();
    this.pending = [];
    await this.load().catch((err: unknown) =>
      this.deps.logger.error({ err }, 'reading the restored directives failed'),
    );
  }

  feed(): Feed {
    return {
      name: 'directives',
      poll: async (db, since) => {
        for (const row of await directivesSince(db, since)) {
          if (this.seen.has(row.id)) continue;
          this.seen.add(row.id);
          this.pending.push(row);
        }
        this.playDue();
      },
    };
  }

  /** Plays the directives whose time has come, one after another. */
  playDue(): void {
    const now = this.deps.clock.now();
    const due = this.pending.filter((row) => !row.dueAt || row.dueAt.getTime() <= now);
    if (due.length === 0) return;
    this.pending = this.pending.filter((row) => !due.includes(row));
    for (const row of due) {
      this.playing = this.playing
        .then(() => this.play(row))
        .catch((err: unknown) =>
          this.deps.logger.error({ err, directive: row.id }, 'a scenario directive failed'),
        );
    }
  }

  private async play(row: DirectiveRow): Promise<void> {
    // A later step cancelled on the timeline meanwhile: its directive is gone.
    if (row.dueAt && !(await directiveExists(this.deps.db, row.id))) return;
    const changes = row.changes as ScenarioChanges;
    const rng = new Rng(`${row.seed}/${row.id}`);
    if (row.dueAt && hasWorldChanges(changes) && (await claimGlobal(this.deps.db, row.id, this.worker)))
      await this.changeWorld(changes, rng);
    const held = this.sim.engine.heldShards();
    const share = held.length / SHARD_COUNT;
    let changed = 0;
    for (const rule of changes.units ?? []) {
      for (const unit of selectUnits(this.deps, this.sim, rule.select, rng, share)) {
        await changeUnit(this.deps, this.sim, unit, rule.set);
        changed += 1;
      }
    }
    await this.sim.engine.flush();
    await recordResult(this.deps.db, {
      directiveId: row.id,
      worker: this.worker,
      shards: held,
      unitsChanged: changed,
    });
  }

  /** A later step's changes outside the units (no live event: consoles see them as they read the store). */
  private async changeWorld(changes: ScenarioChanges, rng: Rng): Promise<void> {
    for (const release of changes.publish ?? []) {
      const path = release.path ?? `/updates/${release.family}/${release.version}`;
      await insertSoftwareUpdate(this.deps.db, {
        family: release.family,
        semantic: release.version,
        meta: release.meta,
        path,
        prerequisite: '',
        createdBy: 'scenario',
      });
      this.deps.world.latest.offer(release.family as Family, {
        semantic: release.version,
        meta: release.meta,
        path,
      });
    }
    await changeServicesAndSettings(this.deps, changes);
    for (const fav of changes.favorites ?? []) {
      const have = await countFavorites(this.deps.db, fav.user);
      const more = fav.fill ? Math.max(0, this.deps.config.FAVORITES_LIMIT - have) : (fav.count ?? 0);
      const serials = [
        ...(fav.serials ?? []),
        ...selectUnits(this.deps, this.sim, { count: more }, rng).map((u) => u.serialNumber),
      ];
      for (const serial of serials) await addFavorite(this.deps.db, fav.user, serial);
    }
  }
}
