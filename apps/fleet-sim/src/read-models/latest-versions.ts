import { compareVersions, FAMILIES, type Family, type LatestByFamily } from '@equipment-dashboard/domain';
import type { VersionRecord } from '@equipment-dashboard/contract';
import type { Db } from '../store/database';
import { readSoftwareUpdates } from '../store/repos/releases-repo';

/**
 * The published software versions of each family and the latest of them (console-core §3 "latest software
 * version per family"), kept current from the store (read-models/world-feed.ts) and as this process publishes.
 */
export class LatestVersions {
  private readonly latest = new Map<Family, VersionRecord>();
  private readonly published = new Map<string, VersionRecord>();

  static async load(db: Db): Promise<LatestVersions> {
    const versions = new LatestVersions();
    for (const row of await readSoftwareUpdates(db)) {
      if ((FAMILIES as readonly string[]).includes(row.family)) {
        versions.offer(row.family as Family, { semantic: row.semantic, meta: row.meta, path: row.path });
      }
    }
    return versions;
  }

  /** Forgets every version (a restored snapshot's releases are then read again). */
  clear(): void {
    this.latest.clear();
    this.published.clear();
  }

  /** Records a published version; answers true when it became the family's latest. */
  offer(family: Family, version: VersionRecord): boolean {
    this.published.set(`${family}\u0001${version.semantic}`, version);
    const current = this.latest.get(family);
    if (current && compareVersions(version.semantic, current.semantic) <= 0) return false;
    this.latest.set(family, version);
    return true;
  }

  /** A published version of a family, as this process last read the releases (within a second). */
  find(family: Family, semantic: string): VersionRecord | null {
    return this.published.get(`${family}\u0001${semantic}`) ?? null;
  }

  of(family: Family): VersionRecord | null {
    return this.latest.get(family) ?? null;
  }

  byFamily(): LatestByFamily {
    return Object.fromEntries(FAMILIES.map((f) => [f, this.latest.get(f) ?? null])) as LatestByFamily;
  }
}
