import { compareVersions, FAMILIES, type Family } from '@equipment-dashboard/domain';
import type { StagedTotals, TopAligner, VersionTotals } from '@equipment-dashboard/api';
import type { UnitRuntime } from './unit-runtime';

const TOP = 10;

function perFamily<T>(make: () => T): Record<Family, T> {
  return Object.fromEntries(FAMILIES.map((f) => [f, make()])) as Record<Family, T>;
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}

/**
 * The dashboard's figures, kept up to date as units change (console-core §1: counters, installed
 * versions, staged totals, spec versions, top 10), so no read recomputes over the whole fleet.
 */
export class FleetAggregates {
  readonly total = perFamily(() => 0);
  readonly connected = perFamily(() => 0);
  private readonly installed = perFamily(() => new Map<string, number>());
  private readonly staged = perFamily(() => new Map<string, number>());
  private readonly readyToDownload = perFamily(() => 0);
  private readonly specs = new Map<string, number>();
  private top: UnitRuntime[] = [];

  add(unit: UnitRuntime): void {
    this.total[unit.family] += 1;
    if (unit.connected) this.connected[unit.family] += 1;
    bump(this.installed[unit.family], unit.versionSemantic, 1);
    if (unit.specsName) bump(this.specs, unit.specsName, 1);
    this.countStaged(unit, 1);
    this.offerTop(unit);
  }

  remove(unit: UnitRuntime, all: Iterable<UnitRuntime>): void {
    this.total[unit.family] -= 1;
    if (unit.connected) this.connected[unit.family] -= 1;
    bump(this.installed[unit.family], unit.versionSemantic, -1);
    if (unit.specsName) bump(this.specs, unit.specsName, -1);
    this.countStaged(unit, -1);
    if (this.top.includes(unit)) this.rebuildTop(all, unit);
  }

  /** Call before and after a change that may move a unit between counts. */
  snapshot(unit: UnitRuntime): { connected: boolean; version: string; pending: string; ready: boolean } {
    return {
      connected: unit.connected,
      version: unit.versionSemantic,
      pending: unit.pendingSoftwareDownload,
      ready: unit.flow?.phase === 'pending',
    };
  }

  update(unit: UnitRuntime, before: ReturnType<FleetAggregates['snapshot']>): void {
    if (before.connected !== unit.connected) this.connected[unit.family] += unit.connected ? 1 : -1;
    if (before.version !== unit.versionSemantic) {
      bump(this.installed[unit.family], before.version, -1);
      bump(this.installed[unit.family], unit.versionSemantic, 1);
    }
    if (before.pending !== unit.pendingSoftwareDownload) {
      if (before.pending) bump(this.staged[unit.family], before.pending, -1);
      if (unit.pendingSoftwareDownload) bump(this.staged[unit.family], unit.pendingSoftwareDownload, 1);
    }
    const ready = unit.flow?.phase === 'pending';
    if (before.ready !== ready) this.readyToDownload[unit.family] += ready ? 1 : -1;
  }

  /** A unit's alignment count grew: it may enter the top 10. */
  offerTop(unit: UnitRuntime): void {
    if (this.top.includes(unit)) {
      this.top.sort((a, b) => b.alignmentCount - a.alignmentCount);
      return;
    }
    const last = this.top[this.top.length - 1];
    if (this.top.length < TOP || (last && unit.alignmentCount > last.alignmentCount)) {
      this.top.push(unit);
      this.top.sort((a, b) => b.alignmentCount - a.alignmentCount);
      if (this.top.length > TOP) this.top.pop();
    }
  }

  /** After a rename the top list still holds the same objects; after a removal it is rebuilt. */
  rebuildTop(all: Iterable<UnitRuntime>, without?: UnitRuntime): void {
    this.top = [];
    for (const unit of all) if (unit !== without) this.offerTop(unit);
  }

  private countStaged(unit: UnitRuntime, by: 1 | -1): void {
    if (unit.pendingSoftwareDownload) bump(this.staged[unit.family], unit.pendingSoftwareDownload, by);
    if (unit.flow?.phase === 'pending') this.readyToDownload[unit.family] += by;
  }

  counters(): { connectedAligners: number; totalAligners: number } {
    let connectedAligners = 0;
    let totalAligners = 0;
    for (const family of FAMILIES) {
      connectedAligners += this.connected[family];
      totalAligners += this.total[family];
    }
    return { connectedAligners, totalAligners };
  }

  /** Installed software versions of a family, oldest first by semantic version. */
  installedVersions(family: Family): VersionTotals {
    return [...this.installed[family]]
      .map(([version, total]) => ({ version, total }))
      .sort((a, b) => compareVersions(a.version, b.version));
  }

  stagedTotals(family: Family): StagedTotals {
    const versions = Object.fromEntries(this.staged[family]);
    const total = [...this.staged[family].values()].reduce((sum, n) => sum + n, 0);
    return { total, readyToDownload: this.readyToDownload[family], versions };
  }

  specVersions(): VersionTotals {
    return [...this.specs].map(([version, total]) => ({ version, total })).sort((a, b) => a.version.localeCompare(b.version));
  }

  topAligners(): TopAligner[] {
    return this.top.map((unit) => ({ _id: { serialNumber: unit.serialNumber }, count: unit.alignmentCount }));
  }
}
