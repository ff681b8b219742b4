import type { Fixture, Target } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { openScreen } from '../../shared/testing/render-screen';
import { type StubHandler } from '../../test/fetch-stub';
import { EzAdasPage } from './ezadas-page';
import { pagedRoute } from '../../test/lists';

const at = '2024-05-20T12:00:00.000Z';

export const fixture = (serialNumber: string, overrides: Partial<Fixture> = {}): Fixture => ({
  serialNumber,
  activationCount: 0,
  subscriptionPackage: 'Included',
  subscriptionExpires: 'N/A',
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

export const target = (targetName: string, overrides: Partial<Target> = {}): Target => ({
  targetName,
  targetId: 7,
  packageName: 'Limited',
  packageIndex: 1,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

/** Twelve fixtures (two pages): the first has activations and a Limited subscription. */
function twelveFixtures(): Fixture[] {
  const rows = [
    fixture('EZ0001', {
      activationCount: 3,
      subscriptionPackage: 'Limited',
      subscriptionExpires: '7/4/2027',
    }),
    fixture('EZ0002', { subscriptionPackage: 'Premium + VAG', subscriptionExpires: '12/31/2030' }),
  ];
  for (let n = 3; rows.length < 12; n += 1) rows.push(fixture(`EZ${String(n).padStart(4, '0')}`));
  return rows;
}

/** /Easy for a role over mutable fixture and target lists, with extra routes (the writes) per test. */
export function openEzAdas(role: Role = 'ezadas', overrides: Record<string, StubHandler> = {}) {
  const world = {
    fixtures: twelveFixtures(),
    targets: [
      target('Front Radar Plate'),
      target('Lane Camera Board', { packageName: 'Included', packageIndex: 0 }),
    ],
  };
  const app = openScreen('/Easy', <EzAdasPage />, role, {
    '/api/v1/ez_get_fixtures/': pagedRoute(
      () => world.fixtures,
      (f, params) => f.serialNumber.startsWith((params.get('filterSerialNumber') ?? '').toUpperCase()),
    ),
    '/api/v1/ez_get_targets/': pagedRoute(() => world.targets),
    ...overrides,
  });
  return { ...app, world };
}
