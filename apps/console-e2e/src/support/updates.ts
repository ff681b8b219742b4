import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Paged, SpecUpdate, VersionRecord } from '@equipment-dashboard/contract';
import { compareVersions } from '@equipment-dashboard/domain';
import { api, e2eServer } from './console';
import { admin, latestOf } from './fleet';

/*
 * The update library as the update specs (Software Versions, Specifications) see it: the server writes
 * a demo library under UPDATES_ROOT (default DATA_DIR/updates) with unpublished newer updates
 * (apps/fleet-sim/src/services/update-library.ts). A spec publishes one of those when it is still
 * unpublished, else a manifest of its own written beside them, so that it can run again on the same
 * server.
 */

/** The folder update paths resolve in, as the server started by global-setup has it. */
function updatesRoot(): string {
  return process.env['UPDATES_ROOT'] ?? join(e2eServer().dataDir, 'updates');
}

function writeManifest(path: string, manifest: unknown): void {
  const dir = join(updatesRoot(), ...path.replace(/^\/updates\//, '').split('/'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** An aligner update that is newer than the latest and not published: its path and version record. */
export async function unpublishedAlignerUpdate(): Promise<VersionRecord> {
  const demo: VersionRecord = { semantic: '5.6.0', meta: 'build 2600', path: '/updates/aligner/5.6.0' };
  const latest = await latestOf('aligner');
  if (!latest || compareVersions(demo.semantic, latest.semantic) > 0) return demo;
  const [major = 5, minor = 0] = latest.semantic.split('.').map(Number);
  const semantic = `${major}.${minor + 1}.0`;
  const own: VersionRecord = { semantic, meta: 'e2e', path: `/updates/aligner/${semantic}` };
  writeManifest(own.path, {
    version: { semantic, meta: own.meta },
    prerequisites: { require: '5.0.0' },
    family: 'aligner',
  });
  return own;
}

/** A spec manifest that no spec release uses yet: the demo library's US-2027-01, else one of our own. */
export async function unpublishedSpec(): Promise<{ path: string; name: string }> {
  const token = await admin();
  const releases: SpecUpdate[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const list = await api<Paged<SpecUpdate>>(token, `/read/spec_updates/v1/?page=${page}`);
    releases.push(...list.docs);
    if (page * 10 >= list.totalDocs) break;
  }
  const demo = { path: '/updates/specs/US-2027-01', name: 'US-2027-01' };
  if (!releases.some((release) => release.path === demo.path)) return demo;
  const name = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const path = `/updates/specs/${name}`;
  writeManifest(path, {
    version: { name, month: 1, year: 2028, semantic: '2028.1.0' },
    prerequisites: { require: '5.0.0', gtpsRequire: '1.3.0', oasisRequire: '' },
  });
  return { path, name };
}
