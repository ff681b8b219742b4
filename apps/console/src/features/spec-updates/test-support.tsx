import type { SpecManifest, SpecUpdate, VersionTotals } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { openScreen } from '../../shared/testing/render-screen';
import { json, type StubHandler } from '../../test/fetch-stub';
import { SpecUpdatesPage } from './spec-updates-page';
import { pagedRoute } from '../../test/lists';

const at = '2026-03-04T10:20:30.000Z';

export function spec(name: string, overrides: Partial<SpecUpdate> = {}): SpecUpdate {
  return {
    version: { name, month: 3, year: 2026, semantic: '2026.3.0' },
    path: `/updates/specs/${name}`,
    prerequisites: { require: '5.0.0', gtpsRequire: '', oasisRequire: '' },
    active: true,
    targetFamily: 'all',
    filter: ['*'],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** Twelve releases, newest first: two pages. The first is filtered to two serial patterns. */
function twelveReleases(): SpecUpdate[] {
  const list = [
    spec('US-2026-12', {
      filter: ['AX1*', 'CB2*'],
      targetFamily: 'aligner',
      active: false,
      prerequisites: { require: '5.2.0', gtpsRequire: '1.3.0', oasisRequire: '2.0.0' },
    }),
  ];
  for (let month = 11; list.length < 12; month -= 1)
    list.push(spec(`US-2026-${String(month).padStart(2, '0')}`));
  return list;
}

/** The manifest at the demo library's spec path. */
export const SPEC_MANIFEST: SpecManifest = {
  version: { name: 'US-2027-01', month: 1, year: 2027, semantic: '2027.1.0' },
  prerequisites: { require: '5.0.0', gtpsRequire: '1.3.0', oasisRequire: '' },
};

export const specVersions: VersionTotals = [
  { version: '5.2026.03 EU', total: 40 },
  { version: '4.2025.01 US', total: 7 },
  { version: '5.2025.11 US', total: 300 },
  { version: 'unknown', total: 50 },
  { version: '5.2024.?? XX', total: 9 },
  { version: '4.2024.01 US', total: 1 },
];

export interface SpecWorld {
  releases: SpecUpdate[];
}

/** Specifications as `role` at `entry`, over a mutable list of releases, with extra routes per test. */
export function openSpecUpdates(
  options: { role?: Role; entry?: string; routes?: Record<string, StubHandler> } = {},
) {
  const world: SpecWorld = { releases: twelveReleases() };
  const app = openScreen(options.entry ?? '/SpecUpdates', <SpecUpdatesPage />, options.role ?? 'engineer', {
    '/read/spec_versions/v1': specVersions,
    '/read/spec_updates/v1/': pagedRoute(() => world.releases),
    'POST /validate_spec_update_at_path/v1': async (request) => {
      const { updatePath } = (await request.json()) as { updatePath: string };
      return updatePath === '/updates/specs/US-2027-01'
        ? SPEC_MANIFEST
        : json(404, { error: 'MANIFEST_NOT_FOUND', code: 'MANIFEST_NOT_FOUND' });
    },
    ...options.routes,
  });
  return { ...app, world };
}
