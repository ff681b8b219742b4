import { compareVersionsListed, FAMILIES, type Family } from '@equipment-dashboard/domain';
import type { StagedTotals, TopAligner, VersionTotals } from '@equipment-dashboard/contract';
import type { CountRow } from '../store/repos/counts-repo';

const SEP = '\u0001';

/** What changed in the figures after a read of the store. */
export interface FiguresChange {
  counters: boolean;
  top: boolean;
  /** Families whose staged totals (or units ready to download) changed. */
  staged: Family[];
  installed: boolean;
}

/**
 * The dashboard's figures (console-core §1) as the store's counter rows hold them, summed over shards:
 * units and connected units per family, installed and spec versions, staged totals. Every API process
 * keeps them current from `fleet_counts` (a few hundred rows), so any process answers the same figures.
 */
export class FleetFigures {
  private readonly rows = new Map<string, number>();
  /**
   * Sums over shards by metric and family, then key; zeros dropped. A read takes its group directly: a scan of one map
   * of every key read thousands of top-10 serials that had left the top long ago, at every dashboard call.
   */
  private readonly groups = new Map<string, Map<string, number>>();

  /** Takes counter rows (all at start, then the changed ones); answers what moved. */
  apply(rows: readonly CountRow[]): FiguresChange {
    const change: FiguresChange = { counters: false, top: false, staged: [], installed: false };
    const staged = new Set<Family>();
    for (const row of rows) {
      const group = `${row.metric}${SEP}${row.family}`;
      const id = `${group}${SEP}${row.key}${SEP}${row.shard}`;
      const before = this.rows.get(id) ?? 0;
      if (before === row.n) continue;
      if (row.n === 0) this.rows.delete(id);
      else this.rows.set(id, row.n);
      let sums = this.groups.get(group);
      if (!sums) this.groups.set(group, (sums = new Map()));
      const sum = (sums.get(row.key) ?? 0) + row.n - before;
      if (sum === 0) sums.delete(row.key);
      else sums.set(row.key, sum);
      if (row.metric === 'total' || row.metric === 'connected') change.counters = true;
      if (row.metric === 'top') change.top = true;
      if (row.metric === 'installed' || row.metric === 'specs') change.installed = true;
      if (
        (row.metric === 'desired' || row.metric === 'satisfied' || row.metric === 'ready') &&
        isFamily(row.family)
      )
        staged.add(row.family);
    }
    change.staged = [...staged];
    return change;
  }

  private sum(metric: string, family: string, key = ''): number {
    return this.groups.get(`${metric}${SEP}${family}`)?.get(key) ?? 0;
  }

  private keyed(metric: string, family: string): ReadonlyMap<string, number> {
    return this.groups.get(`${metric}${SEP}${family}`) ?? new Map();
  }

  total(family: Family): number {
    return this.sum('total', family);
  }

  connected(family: Family): number {
    return this.sum('connected', family);
  }

  counters(): { connectedAligners: number; totalAligners: number } {
    let connectedAligners = 0;
    let totalAligners = 0;
    for (const family of FAMILIES) {
      connectedAligners += this.connected(family);
      totalAligners += this.total(family);
    }
    return { connectedAligners, totalAligners };
  }

  /** Installed software versions of a family, oldest first (in one order in every process, whatever it read first). */
  installedVersions(family: Family): VersionTotals {
    return [...this.keyed('installed', family)]
      .filter(([, total]) => total > 0)
      .map(([version, total]) => ({ version, total }))
      .sort((a, b) => compareVersionsListed(a.version, b.version));
  }

  /** Stagings not installed yet per version, oldest first: the API's stagings less those the units installed. */
  stagedTotals(family: Family): StagedTotals {
    const satisfied = this.keyed('satisfied', family);
    const versions: Record<string, number> = {};
    let total = 0;
    for (const [version, n] of [...this.keyed('desired', family)].sort(([a], [b]) =>
      compareVersionsListed(a, b),
    )) {
      const pending = n - (satisfied.get(version) ?? 0);
      if (pending <= 0) continue;
      versions[version] = pending;
      total += pending;
    }
    return { total, readyToDownload: Math.max(0, this.sum('ready', family)), versions };
  }

  /** The ten units with the most alignments: the best of each shard's ten. */
  topAligners(): TopAligner[] {
    return [...this.keyed('top', '')]
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 10)
      .map(([serialNumber, count]) => ({ _id: { serialNumber }, count }));
  }

  specVersions(): VersionTotals {
    return [...this.keyed('specs', '')]
      .filter(([, total]) => total > 0)
      .map(([version, total]) => ({ version, total }))
      .sort((a, b) => a.version.localeCompare(b.version));
  }
}

function isFamily(value: string): value is Family {
  return (FAMILIES as readonly string[]).includes(value);
}
